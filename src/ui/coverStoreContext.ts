// The cover store components read; tests and stories provide their own (fake network, fake URLs).
import { createContext, useContext } from 'react';
import { coverStore, type CoverStore } from '@/services/covers';

export const CoverStoreContext = createContext<CoverStore>(coverStore);

export function useCoverStore(): CoverStore {
  return useContext(CoverStoreContext);
}
