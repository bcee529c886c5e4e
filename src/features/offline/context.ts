import { providedContext } from '@/ui/providedContext';
import type { KeepingRef } from './keepingMachine';

export const [KeepingProvider, useKeeping] = providedContext<KeepingRef>('Keeping');
