/** The member-centre menu label of the verification page (only that key: the page loads the rest). */
import { addStrings } from '@/lib/i18n';
import { member as es } from '@/locales/kyc.es.json';
import { member as en } from '@/locales/kyc.en.json';

addStrings({ member: es }, { member: en }, 'kyc');
