// Other listeners (docs/protocol.md#user, #playlists): who a user id is (GET /api/user/intro) and
// their public playlists (GET /api/playlists?user_id=). Apart from user.ts, which the first page
// loads for sign-in.
import { isRecord, readId, readString } from '@/rules/narrow';
import type { UserIntro } from '@/shared/types';
import type { ApiClient } from './client';
import { BadResponseError } from './errors';

/** a user's nickname and avatar, as anyone signed in may read them */
export async function getUserIntro(api: ApiClient, userId: string): Promise<UserIntro> {
  const value: unknown = await api.get('/api/user/intro', { query: { user_id: userId } });
  const id = isRecord(value) ? readId(value.userId) : null;
  if (!isRecord(value) || id === null) throw new BadResponseError();
  return { userId: id, nickname: readString(value.nickname, ''), avatar: readString(value.avatar, '') };
}
