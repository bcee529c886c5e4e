import { providedContext } from '@/ui/providedContext';
import type { ShellRef } from './shellMachine';

export const [ShellProvider, useShell] = providedContext<ShellRef>('Shell');
