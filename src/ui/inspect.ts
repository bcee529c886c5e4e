// The app system's inspector hook for actors a view creates itself (a page's loader): created with
// it, such an actor is part of the system like the ones owners spawn: the inspector (`?inspect`)
// sees it, and what it emits goes through the app's one notify.
import type { InspectionEvent } from 'xstate';
import { providedContext } from './providedContext';

export type Inspect = (event: InspectionEvent) => void;

export const [InspectProvider, useInspect] = providedContext<Inspect>('Inspect');
