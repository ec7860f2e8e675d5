/** The member-centre menu label of the responsible-gaming page (only that key: the page loads the rest). */
import { addStrings } from '@/lib/i18n';
import { member as es } from '@/locales/responsible.es.json';
import { member as en } from '@/locales/responsible.en.json';

addStrings({ member: es }, { member: en }, 'responsible');
