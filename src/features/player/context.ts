import { providedContext } from '@/ui/providedContext';
import type { PlayerRef } from './playerMachine';

export const [PlayerProvider, usePlayer] = providedContext<PlayerRef>('Player');
