import { providedContext } from '@/ui/providedContext';
import type { BrowseLoads } from './actors';

export const [BrowseProvider, useBrowse] = providedContext<BrowseLoads>('Browse');
