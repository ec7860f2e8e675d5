/** Strings of missions, leaderboard and VIP (locales/missions.<lang>.json). Importing this registers them. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/missions.es.json';
import en from '@/locales/missions.en.json';

addStrings(es, en, 'missions');
