/** Strings of the brand settings page (locales/operator-settings.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator-settings.es.json';
import en from '@/locales/operator-settings.en.json';

addStrings(es, en, 'operator-settings');
