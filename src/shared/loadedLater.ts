// A long-lived actor whose code loads after the first page (docs/architecture.md#8-routing-and-the-frame): created
// the first time something asks for it, so a page that never does (the sign-in page) loads none of it.

export interface LoadedLater<T> {
  /** the actor, null until its code loaded */
  current(): T | null;
  /** the actor, its code loaded the first time; a failed load is tried again by the next call */
  ready(): Promise<T>;
  /** the actor once something else had it loaded: never loads it (a view that waits for it is not a reason to) */
  readonly loaded: Promise<T>;
}

export function loadedLater<T>(create: () => Promise<T>): LoadedLater<T> {
  let made: T | null = null;
  let making: Promise<T> | null = null;
  let settle: (value: T) => void = () => {};
  const loaded = new Promise<T>((resolve) => (settle = resolve));
  return {
    current: () => made,
    ready: () =>
      (making ??= create().then(
        (value) => {
          made = value;
          settle(value);
          return value;
        },
        (error: unknown) => {
          making = null;
          throw error;
        },
      )),
    loaded,
  };
}
