import { providedContext } from '@/ui/providedContext';
import type { MessagesRef } from './messagesMachine';

export const [MessagesProvider, useMessages] = providedContext<MessagesRef>('Messages');
