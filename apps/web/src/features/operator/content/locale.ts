/** Strings of the console's Content page (locales/operator-content.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator-content.es.json';
import en from '@/locales/operator-content.en.json';

addStrings(es, en, 'operator-content');
