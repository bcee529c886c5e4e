// Library access through a share's tokens (docs/protocol.md#shares step 4): each track plays from the
// first token whose `audios` holds it, the cover from the first token's library. Never the
// visitor's own credentials. Shares are read again when their tokens may be near their 24 h end;
// tokens live in memory only.
import { createLibraryAccess, type LibraryAccess } from '@/features/library';
import type { Credential, SharedList } from '@/shared/types';

/** read a share again after this long: its tokens expire 24 h after they were signed */
const SHARE_FRESH_MS = 6 * 60 * 60 * 1000;
/** a page opening a share reads it afresh, unless it was read this recently (a read started at boot) */
const JUST_READ_MS = 10_000;

/** the share's tokens as credentials, the first one ranked highest */
export function shareCredentials(list: SharedList): Credential[] {
  return list.tokens.map((token, i) => ({
    id: `share:${list.id}:${i}`,
    name: list.name,
    url: token.server,
    token: token.token,
    priority: list.tokens.length - i,
    controlled: true,
  }));
}

export function shareLibraryAccess(list: SharedList): LibraryAccess {
  const credentials = shareCredentials(list);
  const servers = credentials.map((c) => c.url);
  return createLibraryAccess({
    credentials: () => credentials,
    ready: () => true,
    // every token's library may hold any of the share's albums: the tokens' `audios` decide per track
    librariesOf: async (albumIds) => new Map(albumIds.map((id) => [id, servers])),
  });
}

interface OpenedShare {
  list: SharedList;
  access: LibraryAccess;
}

export interface ShareAccess {
  /** the share, read now (a page opening it), with access through its tokens */
  open(shareId: string): Promise<OpenedShare>;
  /** library access for a track queued from the share, reading it again when its tokens may be old */
  accessFor(shareId: string): Promise<LibraryAccess>;
}

export function createShareAccess(
  load: (shareId: string) => Promise<SharedList>,
  now: () => number = () => Date.now(),
): ShareAccess {
  const known = new Map<string, OpenedShare & { at: number }>();
  const reading = new Map<string, Promise<OpenedShare>>();
  const read = (shareId: string): Promise<OpenedShare> => {
    let pending = reading.get(shareId);
    if (!pending) {
      pending = load(shareId)
        .then((list) => {
          const opened = { list, access: shareLibraryAccess(list) };
          known.set(shareId, { ...opened, at: now() });
          return opened;
        })
        .finally(() => reading.delete(shareId));
      reading.set(shareId, pending);
    }
    return pending;
  };
  const open = async (shareId: string): Promise<OpenedShare> => {
    const entry = known.get(shareId);
    if (entry && now() - entry.at < JUST_READ_MS) return entry;
    return read(shareId);
  };
  return {
    open,
    async accessFor(shareId) {
      const entry = known.get(shareId);
      if (entry && now() - entry.at < SHARE_FRESH_MS) return entry.access;
      return (await read(shareId)).access;
    },
  };
}
