// A view whose actor must hear when something it read changed (a sync, the network, a like): the
// event goes each time `value` changes, never for the value it started with.
import { useEffect, useRef } from 'react';

export function useSendWhenChanged<T extends string>(
  actor: { send(event: { type: T }): void },
  value: string | number,
  type: T,
): void {
  const sentFor = useRef(value);
  useEffect(() => {
    if (sentFor.current === value) return;
    sentFor.current = value;
    actor.send({ type });
  }, [actor, value, type]);
}
