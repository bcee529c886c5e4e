// In a run of exported interface paths (Playwright's runner), `import { expect } from 'vitest'` in
// the adapters and their page helpers resolves here (the export's tsconfig.json maps it): vitest's
// expect works only inside vitest, Playwright's has the same matchers the adapters use (toBe,
// toEqual, toBeGreaterThan…, `expect(value, message)`, `expect.poll(fn, { timeout, message })`).
export { expect } from '@playwright/test';
