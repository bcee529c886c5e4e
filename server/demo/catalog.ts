import type { AlbumDetails, DiscDetails, TrackDetails, TrackType } from '../meta/types.js';
import type { CoverPattern } from './cover.js';
import type { SoundKind, Timbre } from './synth.js';

export { DEMO_TAG_FILES, type DemoTag } from './catalog-tags.js';

/*
 * The demo library as data: albums in anni's metadata shape (sparse, values hoisted the way the
 * anni formatter stores them) plus how each track sounds and each cover looks. Album ids are
 * fixed so links and tests stay stable across regenerations.
 */

/** a track of the wire shape (server/meta/types.ts), and how it sounds */
export interface DemoTrack extends TrackDetails {
  seconds: number;
  type?: TrackType;
  kind?: SoundKind;
  /**
   * A `tone` track that goes on from the previous track's chord with no gap: the two are cut from
   * one continuous sound, so a gap between them is audible (and measured by the gapless e2e).
   */
  continues?: boolean;
}

interface DemoDisc extends Omit<DiscDetails, 'tracks'> {
  type?: TrackType;
  tracks: DemoTrack[];
}

interface DemoStyle {
  timbre: Timbre;
  root: number;
  scale: readonly number[];
  bpm: number;
  bass: boolean;
  pulse: boolean;
  /**
   * Mastered louder (a soft limiter keeps its peaks under full scale) or quieter than the rest, in
   * dB: the demo's albums then sit at clearly different loudness, as a listener's own library does
   */
  levelDb?: number;
}

/** An album of the wire shape whose `date` `YYYY-MM-DD` is written as a TOML local date (`YYYY-MM` / `YYYY` as strings). */
export interface DemoAlbum extends Omit<AlbumDetails, 'type' | 'tags' | 'discs'> {
  type: TrackType;
  tags?: string[];
  discs: DemoDisc[];
  cover: { hue: number; pattern: CoverPattern };
  style: DemoStyle;
}

const PENTA = [0, 2, 4, 7, 9] as const;
const MAJOR = [0, 2, 4, 5, 7, 9, 11] as const;
const MINOR = [0, 2, 3, 5, 7, 8, 10] as const;
const DORIAN = [0, 2, 3, 5, 7, 9, 10] as const;

export const DEMO_ALBUMS: readonly DemoAlbum[] = [
  {
    album_id: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01',
    title: '港灯夜曲',
    edition: '豪华版',
    catalog: 'ANNI-0001~2',
    artist: '港灯乐团（小林（吉他）、阿健）',
    date: '2023-04-12',
    type: 'normal',
    artists: { vocal: '小林', composer: '阿健', lyricist: '林澄' },
    tags: ['group:港灯乐团'],
    cover: { hue: 210, pattern: 'rings' },
    style: { timbre: 'organ', root: 64, scale: PENTA, bpm: 96, bass: true, pulse: true },
    discs: [
      {
        catalog: 'ANNI-0001',
        tracks: [
          { title: '港灯', seconds: 32 },
          { title: '夜航船', seconds: 28 },
          { title: '雨巷 (Instrumental)', seconds: 26, artist: '阿健', type: 'instrumental' },
          { title: '灯塔守望者', seconds: 35, artists: { vocal: '小林', guitar: '小林', composer: '阿健' } },
          { title: '潮汐', seconds: 24, tags: ['category:100% Acoustic'] },
          { title: '归港', seconds: 30 },
        ],
      },
      {
        title: '现场：港口音乐厅',
        catalog: 'ANNI-0002',
        artist: '港灯乐团（小林（吉他）、阿健）、Minato Strings（Aya、Ken）',
        tags: ['category:现场'],
        tracks: [
          { title: '开场白', seconds: 22, type: 'drama' },
          { title: '港灯 (Live)', seconds: 34 },
          { title: '夜航船 (Live)', seconds: 30 },
          { title: '安可：潮汐', seconds: 26, artists: { violin: 'Aya', cello: 'Ken', vocal: '小林' } },
          { title: '谢幕', seconds: 20, type: 'drama' },
        ],
      },
    ],
  },
  {
    album_id: '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02',
    title: 'Harbor Lights',
    catalog: 'MIO-0101',
    artist: 'Mio Aoki',
    date: '2022-11',
    type: 'normal',
    artists: { vocal: 'Mio Aoki', piano: 'Ren Kishi' },
    tags: ['Mio Aoki'],
    cover: { hue: 30, pattern: 'stripes' },
    // mastered loud: about −9 LUFS (README, the demo library; tests/server/demo-loudness.test.ts)
    style: { timbre: 'flute', root: 67, scale: MAJOR, bpm: 112, bass: true, pulse: false, levelDb: 7 },
    discs: [
      {
        catalog: 'MIO-0101',
        tracks: [
          { title: 'Harbor Lights', seconds: 31 },
          { title: 'Paper Boats', seconds: 27 },
          { title: 'Lanterns on the Water', seconds: 36 },
          { title: 'Northern Pier', seconds: 25 },
          {
            title: 'Harbor Lights (Piano Solo)',
            seconds: 29,
            artist: 'Ren Kishi',
            type: 'instrumental',
            artists: { piano: 'Ren Kishi' },
          },
          { title: 'Low Tide', seconds: 23 },
          { title: 'Goodnight, Minato', seconds: 62 },
        ],
      },
    ],
  },
  {
    album_id: '0a7e9b3c-5d2f-4a8b-b1c6-7e8f9a0b1c03',
    title: '竖琴与海',
    catalog: 'HARP-0007',
    artist: 'Aya',
    date: '2021-08-20',
    type: 'instrumental',
    artists: { 'irish-harp': 'Aya', composer: 'Ken' },
    tags: ['artist:Aya', 'category:100% Acoustic'],
    cover: { hue: 170, pattern: 'waves' },
    style: { timbre: 'pluck', root: 69, scale: DORIAN, bpm: 84, bass: false, pulse: false },
    discs: [
      {
        catalog: 'HARP-0007',
        tracks: [
          { title: '海雾', seconds: 33 },
          { title: '银色的浪', seconds: 28 },
          { title: "Carolan's Dream", seconds: 38, artists: { 'irish-harp': 'Aya', composer: 'Turlough O’Carolan' } },
          { title: '贝壳', seconds: 22 },
          { title: '远帆', seconds: 40 },
          { title: '退潮之后', seconds: 26 },
        ],
      },
    ],
  },
  {
    album_id: 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04',
    title: '昼/夜 Day/Night',
    catalog: 'LC-2401',
    artist: '林澄',
    date: '2024-01-15',
    type: 'absolute',
    tags: ['林澄', 'category:Lo-Fi/Chill'],
    cover: { hue: 265, pattern: 'dots' },
    style: { timbre: 'soft', root: 60, scale: PENTA, bpm: 72, bass: true, pulse: false },
    discs: [
      {
        catalog: 'LC-2401',
        tracks: [
          { title: '黎明', seconds: 34 },
          { title: '正午/Noon', seconds: 29 },
          // one chord cut in two: dusk runs into night with no gap (gapless playback)
          { title: '黄昏', seconds: 37, kind: 'tone' },
          { title: '夜', seconds: 44, kind: 'tone', continues: true },
          { title: '漫长的潮汐 (Extended)', seconds: 630, kind: 'chimes' },
          { title: '再一次黎明', seconds: 24 },
        ],
      },
    ],
  },
  {
    album_id: '6d3f8e1a-2b4c-4d5e-9f6a-7b8c9d0e1f05',
    title: '星之海 广播剧 第1卷',
    catalog: 'STAR-0001',
    artist: '林澄、Mio Aoki',
    date: '2020-12-24',
    type: 'drama',
    tags: ['animation:星之海', 'series:Aurora'],
    cover: { hue: 320, pattern: 'rings' },
    style: { timbre: 'reed', root: 62, scale: MINOR, bpm: 90, bass: true, pulse: false },
    discs: [
      {
        catalog: 'STAR-0001',
        tracks: [
          { title: '第一幕：坠落的星', seconds: 30 },
          { title: '第二幕：海底图书馆', seconds: 34 },
          { title: '幕间广播', seconds: 21, type: 'radio' },
          { title: '第三幕：灯与锚', seconds: 28 },
          {
            title: '插曲：星海',
            seconds: 32,
            type: 'vocal',
            artist: 'Mio Aoki',
            artists: { vocal: 'Mio Aoki', composer: 'Ren Kishi' },
          },
          { title: '第四幕：归途', seconds: 27 },
          { title: '片尾曲：星之海', seconds: 36, type: 'normal', artist: 'Mio Aoki、Minato Strings（Aya、Ken）' },
        ],
      },
    ],
  },
  {
    album_id: 'd4a1b7c2-8e9f-4a0b-a2c3-4d5e6f7a8b06',
    title: '晨间电台 第12期',
    catalog: 'RADIO-012',
    artist: 'Aya、Ken、、Friends',
    date: '2024-03-01',
    type: 'radio',
    tags: ['radio:晨间电台'],
    cover: { hue: 55, pattern: 'stripes' },
    style: { timbre: 'soft', root: 65, scale: MAJOR, bpm: 100, bass: false, pulse: false },
    discs: [
      {
        catalog: 'RADIO-012',
        tracks: [
          { title: '开场', seconds: 20 },
          { title: '今日话题：港口的早晨', seconds: 35 },
          { title: '来信时间', seconds: 29 },
          { title: '今日一曲', seconds: 30, type: 'normal', artist: 'Mio Aoki', kind: 'melody' },
          { title: '天气与潮汐', seconds: 22 },
          { title: '结束语', seconds: 20 },
        ],
      },
    ],
  },
  {
    album_id: '2e9c5a7b-4d1f-4e3a-8b5c-6f7a8b9c0d07',
    title: '声之形 Vocal Collection',
    catalog: 'VOC-0003',
    artist: 'Mio Aoki、小林',
    date: '2022-05-05',
    type: 'vocal',
    artists: { vocal: 'Mio Aoki、小林', lyricist: '林澄', composer: '阿健', arranger: 'Ren Kishi' },
    cover: { hue: 350, pattern: 'waves' },
    style: { timbre: 'flute', root: 72, scale: MAJOR, bpm: 104, bass: true, pulse: true },
    discs: [
      {
        catalog: 'VOC-0003',
        tracks: [
          { title: '声之形', seconds: 30 },
          { title: '回声', seconds: 26 },
          { title: 'Duet: 港口与灯', seconds: 33, tags: ['artist:小林'] },
          { title: '无词歌', seconds: 28, type: 'instrumental', artists: { piano: 'Ren Kishi' } },
          { title: '小林的独白', seconds: 21, artist: '小林', type: 'drama' },
          { title: '远方', seconds: 34 },
          { title: '合唱', seconds: 29, artists: { vocal: 'Mio Aoki、小林、港灯乐团（小林（吉他）、阿健）' } },
          { title: '晚安', seconds: 25 },
        ],
      },
    ],
  },
  {
    album_id: 'f1b8d3e6-9a2c-4f5b-9c7d-8e9f0a1b2c08',
    title: 'Lo-Fi 学习 Beats',
    catalog: 'LOFI-0420',
    artist: 'Various Artists',
    date: '2023',
    type: 'normal',
    tags: ['category:Lo-Fi/Chill'],
    cover: { hue: 120, pattern: 'dots' },
    // mastered quiet: about −23 LUFS
    style: { timbre: 'pluck', root: 57, scale: MINOR, bpm: 78, bass: true, pulse: true, levelDb: -2.5 },
    discs: [
      {
        catalog: 'LOFI-0420',
        tracks: [
          { title: 'Rainy Desk', seconds: 24, artist: 'Ken', artists: { composer: 'Ken' } },
          { title: '咖啡与作业', seconds: 22, artist: '阿健', artists: { composer: '阿健' } },
          {
            title: 'Night Bus',
            seconds: 26,
            artist: 'Ren Kishi',
            artists: { composer: 'Ren Kishi', piano: 'Ren Kishi' },
          },
          { title: 'Library Hours', seconds: 21, artist: 'Aya', artists: { 'irish-harp': 'Aya' } },
          { title: '便利店 2AM', seconds: 25, artist: '林澄' },
          { title: 'Tape Hiss', seconds: 23, artist: 'Ken', type: 'absolute' },
          { title: 'Window Seat', seconds: 24, artist: 'Mio Aoki' },
          { title: '猫与台灯', seconds: 22, artist: '小林（吉他）' },
          { title: 'Last Train', seconds: 27, artist: 'Ren Kishi' },
          { title: 'Snooze', seconds: 20, artist: '阿健' },
        ],
      },
    ],
  },
  {
    album_id: '9d6e2f4a-7c8b-4a1d-8e3f-5a6b7c8d9e09',
    title: '港の灯',
    edition: '初回限定盤',
    catalog: 'MIO-0202',
    artist: 'Mio Aoki',
    date: '2024-07-10',
    type: 'normal',
    artists: { vocal: 'Mio Aoki', composer: 'Ren Kishi' },
    tags: ['organization:港湾唱片'],
    cover: { hue: 190, pattern: 'stripes' },
    style: { timbre: 'bell', root: 69, scale: PENTA, bpm: 88, bass: true, pulse: false },
    discs: [
      {
        catalog: 'MIO-0202',
        tracks: [
          { title: '港の灯', seconds: 33 },
          { title: '波止場にて', seconds: 29 },
          { title: '青い信号', seconds: 27 },
          { title: '港の灯 (Instrumental)', seconds: 33, type: 'instrumental' },
          { title: '潮風', seconds: 24 },
          { title: 'Minato Blue', seconds: 88 },
        ],
      },
    ],
  },
];

/** Folder of an album in the strict layout with layer 2 (docs/protocol.md#files-on-disk). */
export function albumFolder(albumId: string): string {
  const l1 = parseInt(albumId.slice(0, 2), 16).toString(16);
  const l2 = parseInt(albumId.slice(2, 4), 16).toString(16);
  return `${l1}/${l2}/${albumId}`;
}
