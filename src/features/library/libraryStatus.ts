import type { LibraryStatus } from './librarySyncMachine';
import { text } from '@/shared/text';

/**
 * Spec 2.6: 有更新 when the server's lastUpdate is later than the last sync or the library never
 * synced; 从未同步 when it never synced. lastUpdate is in seconds, lastSync in milliseconds.
 */
export function libraryBadges(status: LibraryStatus | undefined): string[] {
  const record = status?.record;
  if (!record) return [text.library.hasUpdate, text.library.neverSynced];
  const serverLastUpdate = status?.serverLastUpdate;
  return serverLastUpdate !== undefined && serverLastUpdate * 1000 > record.lastSync ? [text.library.hasUpdate] : [];
}
