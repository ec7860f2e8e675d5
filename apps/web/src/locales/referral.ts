/** Strings of the referral page (locales/referral.<lang>.json), loaded with it. Importing this registers them. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/referral.es.json';
import en from '@/locales/referral.en.json';

addStrings(es, en, 'referral');
