/**
 * The game popup's and /seamless page's strings (play.*) live in locales/play.<lang>.json and
 * load with those lazy chunks. Importing this module registers them.
 */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/play.es.json';
import en from '@/locales/play.en.json';

addStrings(es, en, 'play');
