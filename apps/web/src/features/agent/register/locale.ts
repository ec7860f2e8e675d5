/** The register centre's strings (agentRegister.*) in locales/agentRegister.<lang>.json; importing this module registers them. */
import { addStrings } from '@/lib/i18n';
import es from '@/locales/agentRegister.es.json';
import en from '@/locales/agentRegister.en.json';

addStrings(es, en, 'agentRegister');
