import type { TestProject } from 'vitest/node';
import { setupFor } from './global-setup.ts';

export default (project: TestProject) => setupFor('pglite', project);
