import { setupFor } from './global-setup.ts';

export default () => setupFor('postgres');
