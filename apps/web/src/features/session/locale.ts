/**
 * The account screens' strings (auth.*, rules.*) live in locales/auth.<lang>.json and load with
 * the account chunk, keeping them out of the home page's first load. Importing this module
 * registers them (deep-merged into the main bundle's small `auth` block).
 */
import { i18n } from '@/lib/i18n';
import es from '@/locales/auth.es.json';
import en from '@/locales/auth.en.json';

function register() {
  i18n.addResourceBundle('ES', 'translation', es, true, false);
  i18n.addResourceBundle('EN', 'translation', en, true, false);
}
if (i18n.isInitialized) register();
else i18n.on('initialized', register);
