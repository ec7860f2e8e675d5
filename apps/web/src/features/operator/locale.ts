/** Strings of the operator console (locales/operator.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator.es.json';
import en from '@/locales/operator.en.json';

addStrings(es, en, 'operator');
