import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));
