import fs from 'node:fs';
import path from 'node:path';

/*
 * Lyrics for three demo tracks of 港灯夜曲 (server/meta/lyrics.ts has the layout): 港灯 synced with
 * an English translation, 夜航船 synced, 潮汐 as plain text. The lines fall within each track's length.
 */

const ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';

interface DemoLyric {
  disc: number;
  track: number;
  /** file name → content */
  files: Record<string, string>;
}

const DEMO_LYRICS: readonly DemoLyric[] = [
  {
    disc: 1,
    track: 1,
    files: {
      'source.zh-CN.lrc': [
        '[ti:港灯]',
        '[ar:港灯乐团]',
        '[00:00.50]港口的灯 一盏一盏亮起',
        '[00:04.00]照着回家的船',
        '[00:08.00]风从海上来',
        '[00:12.00]带着远方的歌',
        '[00:16.00]我在岸边等你',
        '[00:20.00]等潮水退去',
        '[00:24.00]港口的灯 一盏一盏熄灭',
        '[00:28.00]天就要亮了',
        '',
      ].join('\n'),
      'translation.en.lrc': [
        '[00:00.50]The harbour lights come on one by one',
        '[00:04.00]Lighting the boats home',
        '[00:08.00]The wind comes in from the sea',
        '[00:12.00]Carrying songs from far away',
        '[00:16.00]I wait for you on the shore',
        '[00:20.00]Wait for the tide to ebb',
        '[00:24.00]The harbour lights go out one by one',
        '[00:28.00]Day is about to break',
        '',
      ].join('\n'),
    },
  },
  {
    disc: 1,
    track: 2,
    files: {
      'source.zh-CN.lrc': [
        '[00:01.00]夜航船 慢慢地走',
        '[00:07.00]星星落在水里',
        '[00:13.00]桨声一下一下',
        '[00:19.00]数着回家的路',
        '[00:24.00]（间奏）',
        '',
      ].join('\n'),
    },
  },
  {
    disc: 1,
    track: 5,
    files: {
      'source.zh-CN.txt': ['潮来的时候', '我们都不说话', '潮走的时候', '沙上留着脚印', ''].join('\n'),
    },
  },
];

export function writeDemoLyrics(metaDir: string): void {
  for (const lyric of DEMO_LYRICS) {
    const dir = path.join(metaDir, 'lyric', ALBUM, String(lyric.disc), String(lyric.track));
    fs.mkdirSync(dir, { recursive: true });
    for (const [file, content] of Object.entries(lyric.files)) fs.writeFileSync(path.join(dir, file), content);
  }
}
