/**
 * How the machine docs name what a machine refers to (actions, guards), shared by the pages
 * (machineDocs.ts) and the Stately Studio files (machineStudio.ts).
 */

/** Name of an action or guard: a string, `{ type }`, a built-in (`xstate.assign`, `not(x)`) or a function's name. */
export function implementationLabel(implementation: unknown): string {
  if (typeof implementation === 'string') return implementation;
  if (typeof implementation === 'function') {
    const fn = implementation as { name?: string; type?: unknown; guards?: unknown };
    if (Array.isArray(fn.guards) && fn.name && ['and', 'or', 'not'].includes(fn.name)) {
      return `${fn.name}(${fn.guards.map(implementationLabel).join(', ')})`;
    }
    if (typeof fn.type === 'string') return fn.type;
    return fn.name ? `${fn.name} (inline)` : 'inline';
  }
  if (implementation && typeof implementation === 'object' && 'type' in implementation) {
    return String((implementation as { type: unknown }).type);
  }
  return String(implementation);
}

/** Entry/exit action names, without the raise/cancel pairs XState adds for `after` delays. */
export function ownActions(actions: readonly unknown[]): string[] {
  return actions
    .filter((action) => {
      const fn = action as { id?: unknown; sendId?: unknown };
      const internalId = typeof action === 'function' ? String(fn.id ?? fn.sendId ?? '') : '';
      return !internalId.startsWith('xstate.after.');
    })
    .map(implementationLabel);
}
