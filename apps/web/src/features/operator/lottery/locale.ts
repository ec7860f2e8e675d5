/** Strings of the Lottery page (locales/operator-lottery.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator-lottery.es.json';
import en from '@/locales/operator-lottery.en.json';

addStrings(es, en, 'operator-lottery');
