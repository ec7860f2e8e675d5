/** Strings of the verification page (locales/kyc.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/kyc.es.json';
import en from '@/locales/kyc.en.json';

addStrings(es, en, 'kyc');
