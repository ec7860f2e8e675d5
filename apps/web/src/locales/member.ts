/** The security centre's strings (security.*), in locales/member.<lang>.json; importing registers them. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/member.es.json';
import en from '@/locales/member.en.json';

addStrings(es, en, 'member');
