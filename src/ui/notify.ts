// How a view shows a toast without knowing who keeps the messages: the app provides the function
// (it feeds the messages machine). Actors reach it through the system's inspect instead (src/ui/inspect.ts).
import type { Severity } from '@/shared/effects';
import { providedContext } from './providedContext';

export type Notify = (severity: Severity, message: string) => void;

export const [NotifyProvider, useNotify] = providedContext<Notify>('Notify');
