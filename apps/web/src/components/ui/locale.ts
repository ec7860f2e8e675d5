/**
 * The UI kit's, the money screens' and the member centre's strings (wallet.*, member.*) live in
 * locales/wallet.<lang>.json and load with the first chunk that uses the kit, keeping them out of
 * the home page's first load. Importing this module registers them.
 */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/wallet.es.json';
import en from '@/locales/wallet.en.json';

addStrings(es, en, 'wallet');
