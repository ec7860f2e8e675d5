/** Strings of the Aggregators & credentials panel (locales/operator-aggregators.<lang>.json), loaded with it. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/operator-aggregators.es.json';
import en from '@/locales/operator-aggregators.en.json';
import './aggregators.css';

addStrings(es, en);
