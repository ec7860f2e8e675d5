/** Strings of the inbox page (locales/inbox.<lang>.json), loaded with it. Importing this registers them. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/inbox.es.json';
import en from '@/locales/inbox.en.json';

addStrings(es, en, 'inbox');
