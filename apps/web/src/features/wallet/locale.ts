/**
 * The money screens' and member centre's strings (wallet.*, member.*) live in
 * locales/wallet.<lang>.json and load with the member-centre chunk, keeping them out of the home
 * page's first load. Importing this module registers them.
 */
import { i18n } from '@/lib/i18n';
import es from '@/locales/wallet.es.json';
import en from '@/locales/wallet.en.json';

function register() {
  i18n.addResourceBundle('ES', 'translation', es, true, false);
  i18n.addResourceBundle('EN', 'translation', en, true, false);
}
if (i18n.isInitialized) register();
else i18n.on('initialized', register);
