/** Strings of the People page's tree and move dialog (locales/operator-people.<lang>.json), loaded with them. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator-people.es.json';
import en from '@/locales/operator-people.en.json';

addStrings(es, en, 'operator-people');
