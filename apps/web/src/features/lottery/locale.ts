/**
 * The lottery pages' strings (lottery.*) live in locales/lottery.<lang>.json and load with the
 * lottery chunk. Importing this module registers them.
 */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/lottery.es.json';
import en from '@/locales/lottery.en.json';

addStrings(es, en, 'lottery');
