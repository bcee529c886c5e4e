import { providedContext } from '@/ui/providedContext';
import type { AppStatusRef } from './appStatusMachine';

export const [AppStatusProvider, useAppStatus] = providedContext<AppStatusRef>('AppStatus');
