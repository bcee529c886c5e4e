// npm test: the demo content (harness/demoLibrary.ts) made once, before the server tests
// and the browser files start side by side; each would otherwise make its own on a fresh clone.
import { cachedDemoLibrary } from '../harness/demoLibrary';

const started = Date.now();
const folder = await cachedDemoLibrary();
console.log(`demo content ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${folder})`);
