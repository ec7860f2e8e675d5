/** Strings of the console's KYC and risk section (locales/operator-kyc.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator-kyc.es.json';
import en from '@/locales/operator-kyc.en.json';

addStrings(es, en, 'operator-kyc');
