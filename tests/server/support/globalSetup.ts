/**
 * Server project global setup: the demo library is generated (or found in the cache) once, before
 * the test files start, so files running side by side never synthesise it at the same time.
 */
import { cachedDemoLibrary } from '../../../harness/demoLibrary.js';

export default async function setup(): Promise<void> {
  await cachedDemoLibrary();
}
