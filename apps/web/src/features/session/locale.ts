/**
 * The account screens' strings (auth.*, rules.*) live in locales/auth.<lang>.json and load with
 * the account chunk, keeping them out of the home page's first load. Importing this module
 * registers them (deep-merged into the main bundle's small `auth` block).
 */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/auth.es.json';
import en from '@/locales/auth.en.json';

addStrings(es, en, 'auth');
