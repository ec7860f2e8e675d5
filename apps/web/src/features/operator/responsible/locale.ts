/** Strings of the console's responsible-gaming page (locales/operator-responsible.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator-responsible.es.json';
import en from '@/locales/operator-responsible.en.json';

addStrings(es, en, 'operator-responsible');
