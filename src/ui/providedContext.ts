// A React context for something the app provides once (a feature's actors, its services). Reading it
// outside its provider fails loudly instead of rendering with nothing.
import { createContext, useContext, type Provider } from 'react';

export function providedContext<T>(name: string): readonly [Provider<T | null>, () => T] {
  const Context = createContext<T | null>(null);
  Context.displayName = name;
  const use = (): T => {
    const value = useContext(Context);
    if (value === null) throw new Error(`${name} is not provided: render inside the app's providers`);
    return value;
  };
  return [Context.Provider, use] as const;
}
