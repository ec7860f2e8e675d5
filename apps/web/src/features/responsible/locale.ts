/** Strings of the responsible-gaming page and reality check (locales/responsible.<lang>.json), loaded with them. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/responsible.es.json';
import en from '@/locales/responsible.en.json';

addStrings(es, en, 'responsible');
