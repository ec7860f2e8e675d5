/** Strings of the Rewards page (locales/operator-rewards.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator-rewards.es.json';
import en from '@/locales/operator-rewards.en.json';

addStrings(es, en, 'operator-rewards');
