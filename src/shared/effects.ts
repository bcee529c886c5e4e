// Events that machines emit for fire-and-forget effects. The wiring (src/app/system.ts) turns them
// into toasts, URL changes, storage writes and reloads, so machines stay free of window and storage.

export type Severity = 'success' | 'error' | 'info';

export type NotifyEvent = { type: 'notify'; severity: Severity; message: string };
export type NavigateEvent = { type: 'navigate'; to: string };
/** `to`: the route to load afresh; null reloads the page where it is */
export type ReloadEvent = { type: 'reload'; to: string | null };
