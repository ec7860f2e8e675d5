/** Strings of the promotions page and reward centre (locales/promotions.<lang>.json). Importing this registers them. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/promotions.es.json';
import en from '@/locales/promotions.en.json';

addStrings(es, en, 'promotions');
