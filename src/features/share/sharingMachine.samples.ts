// Sample events for `npm run paths -- sharing` and tests/machines/sharing.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { pathInput as wizardInput } from './shareWizardMachine.samples';
import type { SharingContext } from './sharingMachine';

export const pathEvents: AnyEventObject[] = [
  { type: 'OPEN_WIZARD', input: wizardInput },
  { type: 'CLOSE_WIZARD' },
  { type: 'OPEN_MY_SHARES' },
  { type: 'CLOSE_MY_SHARES' },
];

/** Which of the two views is open: the share wizard's dialog, the my-shares list. */
export const openViews = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as SharingContext;
  return [context.wizard !== null, context.myShares !== null];
};

/** What is open, and the event and what was open before it: each event is walked from each combination. */
export const pathStateKey = (snapshot: AnyMachineSnapshot, event?: EventObject, previous?: AnyMachineSnapshot) =>
  JSON.stringify([openViews(snapshot), event?.type ?? null, previous ? openViews(previous) : null]);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  OPEN_WIZARD: 'the listener presses 分享 (on an album, a playlist or the queue)',
  CLOSE_WIZARD: 'the 分享 dialog closes',
  OPEN_MY_SHARES: 'the listener opens 我的分享',
  CLOSE_MY_SHARES: 'the listener leaves 我的分享',
};
