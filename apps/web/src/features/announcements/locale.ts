/**
 * Strings of the announcement and notice popups (locales/announcements.<lang>.json), loaded
 * with those lazy popups. Importing this registers them.
 */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/announcements.es.json';
import en from '@/locales/announcements.en.json';

addStrings(es, en, 'announcements');
