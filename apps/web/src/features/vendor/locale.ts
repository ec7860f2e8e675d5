/**
 * The game popup's and /seamless page's strings (play.*) live in locales/play.<lang>.json and
 * load with those lazy chunks. Importing this module registers them.
 */
import { i18n } from '@/lib/i18n';
import es from '@/locales/play.es.json';
import en from '@/locales/play.en.json';

function register() {
  i18n.addResourceBundle('ES', 'translation', es, true, false);
  i18n.addResourceBundle('EN', 'translation', en, true, false);
}
if (i18n.isInitialized) register();
else i18n.on('initialized', register);
