/**
 * Strings of the game list centre, game centre, /favorite, /recent and the home tab grids
 * (locales/games.<lang>.json), loaded with those chunks to keep the home page's first load
 * light; the game card's strings stay in the main locale files. Importing this registers them.
 */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/games.es.json';
import en from '@/locales/games.en.json';

addStrings(es, en, 'games');
