/** Strings of help, customer service, app download, feedback and comments (locales/help.<lang>.json). */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/help.es.json';
import en from '@/locales/help.en.json';

addStrings(es, en, 'help');
