/** The verifier's strings (fairness.*) live in locales/fairness.<lang>.json and load with its chunk. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/fairness.es.json';
import en from '@/locales/fairness.en.json';

addStrings(es, en, 'fairness');
