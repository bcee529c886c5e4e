// Library registrations (credentials): list, add, delete (docs/protocol.md#credentials).
import { libraryOrigin } from '../libraryUrls';
import { DEFAULT_LIBRARY_PRIORITY } from '@/shared/firstPageConstants';
import { text } from '@/shared/firstPageText';
import type { ApiClient } from './client';
import { BadResponseError } from './errors';
import { isRecord, readBoolean, readId, readNumber, readString } from '@/rules/narrow';
import type { Credential, NewCredential } from '@/shared/types';

function parseCredential(value: unknown): Credential | null {
  if (!isRecord(value)) return null;
  const id = readId(value.id);
  const { url, token } = value;
  if (id === null || typeof url !== 'string' || typeof token !== 'string') return null;
  return {
    id,
    name: readString(value.name, ''),
    url,
    token,
    priority: readNumber(value.priority, DEFAULT_LIBRARY_PRIORITY),
    controlled: readBoolean(value.controlled, false),
  };
}

/** the library address as stored: its origin only (docs/protocol.md#library-server-annil); throws on a bad URL */
function storedLibraryUrl(url: string): string {
  const origin = libraryOrigin(url);
  if (origin === null) throw new Error(text.library.urlInvalid);
  return origin;
}

/** entries that cannot be read are left out */
export async function listCredentials(api: ApiClient): Promise<Credential[]> {
  const data = await api.get('/api/credential');
  if (data === null) return [];
  if (!Array.isArray(data)) throw new BadResponseError();
  return data.map(parseCredential).filter((c): c is Credential => c !== null);
}

export async function addCredential(api: ApiClient, credential: NewCredential): Promise<Credential> {
  const body = {
    name: credential.name,
    url: storedLibraryUrl(credential.url),
    token: credential.token,
    // must be a JSON number: the Go server rejects a string (docs/protocol.md#credentials)
    priority: readNumber(credential.priority, DEFAULT_LIBRARY_PRIORITY),
  };
  const created = parseCredential(await api.post('/api/credential', { body }));
  if (!created) throw new BadResponseError();
  return created;
}

export async function deleteCredential(api: ApiClient, id: string): Promise<void> {
  await api.delete('/api/credential', { body: { id } });
}
