/** Strings of the Games page (locales/operator-games.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator-games.es.json';
import en from '@/locales/operator-games.en.json';

addStrings(es, en, 'operator-games');
