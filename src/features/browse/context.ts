import { providedContext } from '@/ui/providedContext';
import type { BrowseLoads } from './loads';

export const [BrowseProvider, useBrowse] = providedContext<BrowseLoads>('Browse');
