// Hands each feature its long-lived actors and services, through that feature's own provider: a view
// reads what its feature gives it, never the whole system or the raw api client.
import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import { BrowseProvider } from '@/features/browse';
import { FavouritesProvider } from '@/features/favourites';
import { PlaylistsProvider } from '@/features/playlists';
import { ShareProvider } from '@/features/share';
import { LibraryProvider } from '@/features/library';
import { LyricsProvider } from '@/features/lyrics';
import { SleepTimerProvider } from '@/features/sleepTimer';
import { SoundProvider } from '@/features/sound';
import { KeepingProvider, KeptAheadProvider } from '@/features/offline';
import { ListeningProvider } from '@/features/listening';
import { ScrobblingProvider } from '@/features/scrobbling';
import { SmartListsProvider } from '@/features/smartLists';
import { HomeProvider } from '@/features/home';
import { MessagesProvider } from '@/features/messages';
import { PlayerProvider } from '@/features/player';
import { SessionProvider } from '@/features/session';
import { SettingsProvider } from '@/features/settings';
import { AppStatusProvider } from '@/features/appStatus';
import type { Severity } from '@/shared/effects';
import { CoverStoreContext } from '@/ui/coverStoreContext';
import { InspectProvider } from '@/ui/inspect';
import { NotifyProvider } from '@/ui/notify';
import type { AppSystem } from './system';
import { TrackSlotsProvider } from './TrackSlots';

export function SystemProvider({ system, children }: { system: AppSystem; children: ReactNode }) {
  const { messages } = system;
  // views toast through the system's one notify (no per-call toasts while offline)
  const notify = useCallback(
    (severity: Severity, message: string) => system.notify({ type: 'notify', severity, message }),
    [system],
  );
  const session = useMemo(() => ({ session: system.session, site: system.site }), [system]);
  const library = useMemo(
    () => ({ libraries: system.libraries, librarySync: system.librarySync, access: system.access }),
    [system],
  );
  return (
    <NotifyProvider value={notify}>
      <MessagesProvider value={messages}>
        <SessionProvider value={session}>
          <SettingsProvider value={system.settings}>
            <LibraryProvider value={library}>
              <BrowseProvider value={system.browse}>
                <PlayerProvider value={system.player}>
                  <FavouritesProvider value={system.favourites}>
                    <PlaylistsProvider value={system.playlists}>
                      <ShareProvider value={system.share}>
                        <LyricsProvider value={system.lyrics}>
                          <SleepTimerProvider value={system.sleepTimer}>
                            <SoundProvider value={system.sound}>
                              <KeepingProvider value={system.keeping}>
                                <KeptAheadProvider value={system.keptAhead}>
                                  <CoverStoreContext.Provider value={system.covers}>
                                    <AppStatusProvider value={system.appStatus}>
                                      <ListeningProvider value={system.listening}>
                                        <ScrobblingProvider value={system.scrobbling}>
                                          <SmartListsProvider value={system.smartLists}>
                                            <HomeProvider value={system.home}>
                                              <TrackSlotsProvider>
                                                <InspectProvider value={system.inspect}>{children}</InspectProvider>
                                              </TrackSlotsProvider>
                                            </HomeProvider>
                                          </SmartListsProvider>
                                        </ScrobblingProvider>
                                      </ListeningProvider>
                                    </AppStatusProvider>
                                  </CoverStoreContext.Provider>
                                </KeptAheadProvider>
                              </KeepingProvider>
                            </SoundProvider>
                          </SleepTimerProvider>
                        </LyricsProvider>
                      </ShareProvider>
                    </PlaylistsProvider>
                  </FavouritesProvider>
                </PlayerProvider>
              </BrowseProvider>
            </LibraryProvider>
          </SettingsProvider>
        </SessionProvider>
      </MessagesProvider>
    </NotifyProvider>
  );
}
