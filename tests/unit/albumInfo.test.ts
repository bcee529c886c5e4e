import { describe, expect, test } from 'vitest';
import {
  albumFullTitle,
  discHeading,
  discTitle,
  resolveDiscTracks,
  resolveTrack,
  resolveTracks,
} from '@/rules/albumInfo';
import type { AlbumInfo } from '@/shared/types';

const ALBUM: AlbumInfo = {
  albumId: 'a1',
  title: 'Harbor Lights',
  edition: 'Deluxe',
  catalog: 'DEMO-0001~2',
  artist: 'Mio Aoki',
  date: '2023-04-12',
  type: 'normal',
  artists: { vocal: 'Mio Aoki' },
  tags: ['artist:Mio Aoki', 'category:Demo', 'category:Live'],
  discs: [
    {
      catalog: 'DEMO-0001',
      tracks: [
        { title: 'Harbor Lights', artists: { composer: 'Ren Kishi', 'irish-harp': 'Aya' }, tags: ['category:Demo'] },
        { title: 'Tide', artist: 'Ren Kishi', type: 'instrumental' },
      ],
    },
    {
      title: 'Live at Minato Hall',
      catalog: 'DEMO-0002',
      artist: '港灯乐团（小林、阿健）',
      type: 'drama',
      artists: { guitar: '阿健' },
      tags: ['category:Live'],
      tracks: [{ title: 'Opening', tags: ['category:Live', 'category:Demo'] }],
    },
  ],
};

describe('album info fallbacks (docs/behaviour.md#albums-and-tracks)', () => {
  test('full title carries the edition in 【】', () => {
    expect(albumFullTitle(ALBUM)).toBe('Harbor Lights【Deluxe】');
    expect(albumFullTitle({ title: 'Plain' })).toBe('Plain');
    expect(albumFullTitle({ title: 'Plain', edition: '' })).toBe('Plain');
  });

  test('disc title falls back to the album title', () => {
    expect(discTitle(ALBUM, 0)).toBe('Harbor Lights');
    expect(discTitle(ALBUM, 1)).toBe('Live at Minato Hall');
    expect(discTitle(ALBUM, 9)).toBe('Harbor Lights');
    expect(discHeading(ALBUM, 0)).toBe('Disc 1');
    expect(discHeading(ALBUM, 1)).toBe('Disc 2 - Live at Minato Hall');
  });

  test('tracks inherit type, artist and artists from the disc, then the album', () => {
    expect(resolveTracks(ALBUM)).toEqual([
      {
        albumId: 'a1',
        discId: 1,
        trackId: 1,
        title: 'Harbor Lights',
        artist: 'Mio Aoki',
        artists: { composer: 'Ren Kishi', 'irish-harp': 'Aya' },
        type: 'normal',
        albumTitle: 'Harbor Lights',
        tags: ['category:Demo'],
      },
      {
        albumId: 'a1',
        discId: 1,
        trackId: 2,
        title: 'Tide',
        artist: 'Ren Kishi',
        artists: { vocal: 'Mio Aoki' },
        type: 'instrumental',
        albumTitle: 'Harbor Lights',
        tags: [],
      },
      {
        albumId: 'a1',
        discId: 2,
        trackId: 1,
        title: 'Opening',
        artist: '港灯乐团（小林、阿健）',
        artists: { guitar: '阿健' },
        type: 'drama',
        albumTitle: 'Harbor Lights',
        tags: ['category:Live', 'category:Demo'],
      },
    ]);
  });

  test('one disc, one track', () => {
    expect(resolveDiscTracks(ALBUM, 1).map((t) => [t.discId, t.trackId, t.title])).toEqual([[2, 1, 'Opening']]);
    expect(resolveDiscTracks(ALBUM, 5)).toEqual([]);
    expect(resolveTrack(ALBUM, 1, 2)?.title).toBe('Tide');
    expect(resolveTrack(ALBUM, 2, 2)).toBeNull();
    expect(resolveTrack(ALBUM, 0, 1)).toBeNull();
  });

  test('an album without artists and type still gives a type and a role map', () => {
    const bare: AlbumInfo = { ...ALBUM, artists: undefined, discs: [{ catalog: '', tracks: [{ title: 'x' }] }] };
    const [track] = resolveTracks(bare);
    expect(track?.artists).toEqual({});
    expect(track?.type).toBe('normal');
  });
});
