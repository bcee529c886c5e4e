// Sample events for `npm run paths -- sharing` and tests/machines/sharing.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import { pathInput as wizardInput } from './shareWizardMachine.samples';

export const pathEvents: AnyEventObject[] = [
  { type: 'OPEN_WIZARD', input: wizardInput },
  { type: 'CLOSE_WIZARD' },
  { type: 'OPEN_MY_SHARES' },
  { type: 'CLOSE_MY_SHARES' },
];
