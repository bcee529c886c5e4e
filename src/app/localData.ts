// What signing out forgets on this device (docs/behaviour.md#sign-in-state): every feature's part, in one place. The sync
// benchmark runs this same cleanup.
import { clearLocalLibraryData } from '@/features/library';
import { forgetSavedQueue } from '@/features/player';
import { forgetStoredUser } from '@/features/session';

/** the stored user, the saved queue and every local album and library record */
export async function clearLocalData(): Promise<void> {
  forgetStoredUser();
  forgetSavedQueue();
  await clearLocalLibraryData();
}
