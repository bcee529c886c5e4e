import { describe, expect, test } from 'vitest';
import { chooseCredential, chooseTrackCredential, trackSource } from '@/features/library/access';
import type { Credential } from '@/shared/types';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

const cred = (id: string, url: string, priority: number, token = jwt({ type: 'user' })): Credential => ({
  id,
  name: id,
  url,
  token,
  priority,
  controlled: false,
});

const HOME = cred('home', 'https://home.example', 0);
const NAS = cred('nas', 'https://nas.example:8443', 5);
const NAS_TOO = cred('nas2', 'https://nas.example:8443', 5);
const CLOUD = cred('cloud', 'https://cloud.example', 9);

describe('chooseCredential', () => {
  test('highest priority among the libraries that hold the album', () => {
    expect(chooseCredential([HOME, NAS, CLOUD], ['https://home.example', 'https://nas.example:8443'])?.id).toBe('nas');
  });

  test('ties: the first in the list', () => {
    expect(chooseCredential([NAS_TOO, NAS], ['https://nas.example:8443'])?.id).toBe('nas2');
  });

  test('urls compare by origin (trailing slash, path)', () => {
    expect(chooseCredential([HOME], ['https://home.example/'])?.id).toBe('home');
    expect(chooseCredential([cred('x', 'https://home.example/', 0)], ['https://home.example'])?.id).toBe('x');
  });

  test('no library holds it: null', () => {
    expect(chooseCredential([HOME, CLOUD], [])).toBeNull();
    expect(chooseCredential([], ['https://home.example'])).toBeNull();
  });

  test('per track: tokens that do not list the track are skipped', () => {
    const share = cred('share', 'https://cloud.example', 10, jwt({ type: 'share', audios: { a1: { '1': [2] } } }));
    const libs = ['https://cloud.example', 'https://home.example'];
    expect(chooseTrackCredential([HOME, share], libs, { albumId: 'a1', discId: 1, trackId: 2 })?.id).toBe('share');
    expect(chooseTrackCredential([HOME, share], libs, { albumId: 'a1', discId: 1, trackId: 3 })?.id).toBe('home');
  });
});

describe('trackSource', () => {
  test('play url with the token, disc cover', () => {
    expect(trackSource(cred('c', 'https://nas.example/', 0, 'abc+/'), { albumId: 'a1', discId: 2, trackId: 3 })).toEqual({
      playUrl: 'https://nas.example/a1/2/3?auth=abc%2B%2F',
      coverUrl: 'https://nas.example/a1/2/cover',
    });
  });
});
