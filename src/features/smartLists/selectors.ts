import type { SmartListsSnapshot } from './smartListsMachine';
import type { SmartListEditorSnapshot } from './smartListEditorMachine';

export const smartListsOf = (s: SmartListsSnapshot) => s.context.lists;
export const smartListsLoading = (s: SmartListsSnapshot) => s.hasTag('loading');
export const smartListsFailed = (s: SmartListsSnapshot) => s.hasTag('failed');

export const draftOf = (s: SmartListEditorSnapshot) => s.context.draft;
export const countOf = (s: SmartListEditorSnapshot) => s.context.count;
export const counting = (s: SmartListEditorSnapshot) => s.hasTag('counting');
export const countFailed = (s: SmartListEditorSnapshot) => s.hasTag('countFailed');
export const formErrorOf = (s: SmartListEditorSnapshot) => s.context.formError;
