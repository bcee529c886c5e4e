// What signing out forgets on this device (docs/behaviour.md#sign-in-state): every feature's part, in one place. The sync
// benchmark runs this same cleanup.
import { clearLocalLibraryData } from '@/features/library';
import { clearKeptOnDevice } from '@/features/offline';
import { forgetSavedQueue } from '@/features/player';
import { forgetStoredUser } from '@/features/session';

/** the stored user, the saved queue, every local album and library record, what was kept for listening offline and the answers kept for it, the loudness measured, the plays still waiting, the ListenBrainz tokens and listens, the album facts of smart playlists, what 主页's shelves last read */
export async function clearLocalData(): Promise<void> {
  forgetStoredUser();
  forgetSavedQueue();
  await Promise.all([
    clearLocalLibraryData(),
    clearKeptOnDevice(),
    import('@/storage/answerCopies').then((copies) => copies.clearAnswerCopies()),
    // which albums were listened to shows in what was measured
    import('@/storage/loudnessDb').then((loudness) => loudness.clearMeasuredLoudness()),
    // plays not sent by now go with the account (the sign-out sent what it could)
    import('@/storage/waitingPlays').then((plays) => plays.clearWaitingPlays()),
    // the ListenBrainz token and the listens not sent are the account's
    import('@/storage/listens').then((listens) => listens.clearListens()),
    // the facts tell what the libraries hold; the smart playlists stay with their account
    import('@/storage/smartLists').then((smartLists) => smartLists.clearAlbumFacts()),
    // what 主页's shelves last read from the server shows what the account played
    import('@/storage/homeShelves').then((home) => home.clearLastRead()),
  ]);
}
