/** Strings of the points mall (locales/points.<lang>.json), loaded with it. Importing this registers them. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/points.es.json';
import en from '@/locales/points.en.json';

addStrings(es, en, 'points');
