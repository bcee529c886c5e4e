import { providedContext } from '@/ui/providedContext';
import type { ShareFeature } from './start';

export const [ShareProvider, useShare] = providedContext<ShareFeature>('Share');
