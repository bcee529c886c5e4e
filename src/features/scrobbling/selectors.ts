// What the 设置 tab reads of the scrobbler: tags and context, never state names.
import type { SnapshotFrom } from 'xstate';
import type { ScrobbleProblem, scrobblerMachine } from './scrobblerMachine';

type ScrobblerSnapshot = SnapshotFrom<typeof scrobblerMachine>;

/** what the panel shows: still reading, no token, checking one, on, or kept but off */
export function scrobbleStatusOf(s: ScrobblerSnapshot): 'loading' | 'none' | 'checking' | 'on' | 'paused' {
  if (s.hasTag('checking')) return 'checking';
  if (s.hasTag('on')) return 'on';
  if (s.hasTag('paused')) return 'paused';
  if (s.hasTag('none')) return 'none';
  return 'loading';
}

export const scrobbleProblemOf = (s: ScrobblerSnapshot): ScrobbleProblem | null => s.context.problem;
export const listenBrainzUserOf = (s: ScrobblerSnapshot): string | null => s.context.setting.userName;
export const serviceUrlOf = (s: ScrobblerSnapshot): string => s.context.setting.url;
export const waitingListensOf = (s: ScrobblerSnapshot): number => s.context.waiting;
export const scrobbleRetryingOf = (s: ScrobblerSnapshot): boolean => s.hasTag('retrying');
