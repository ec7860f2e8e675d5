/**
 * The agent centre's strings (agent.*) live in locales/agent.<lang>.json and load with the agent
 * centre chunk only. Importing this module registers them.
 */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/agent.es.json';
import en from '@/locales/agent.en.json';

addStrings(es, en, 'agent');
