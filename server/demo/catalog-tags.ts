/*
 * Demo tag definitions (anni tag TOML, docs/protocol.md#files-on-disk): a three-level organization → group →
 * artist chain, a name shared by two types (ambiguous as a bare name), and names with `/` and
 * `%` for URL-encoding tests.
 */

export interface DemoTag {
  name: string;
  type: string;
  names?: Record<string, string>;
  includes?: string[];
  'included-by'?: string[];
}

/** Tag files: file name (under tag/) → tags. Parent → child links use both `includes` and `included-by`. */
export const DEMO_TAG_FILES: Readonly<Record<string, readonly DemoTag[]>> = {
  'organizations.toml': [
    {
      name: '港湾唱片',
      type: 'organization',
      names: { en: 'Harbor Records', ja: 'ハーバー・レコード' },
      includes: ['group:港灯乐团', 'group:Minato Strings'],
    },
  ],
  'artists.toml': [
    { name: '小林', type: 'artist', 'included-by': ['group:港灯乐团'] },
    { name: '阿健', type: 'artist', 'included-by': ['group:港灯乐团'] },
    { name: 'Aya', type: 'artist', names: { ja: 'アヤ' }, 'included-by': ['group:Minato Strings'] },
    { name: 'Ken', type: 'artist', 'included-by': ['group:Minato Strings'] },
    { name: 'Mio Aoki', type: 'artist', names: { ja: '青木澪' }, 'included-by': ['organization:港湾唱片'] },
    { name: '林澄', type: 'artist', names: { en: 'Lin Cheng' } },
    { name: 'Ren Kishi', type: 'artist' },
    { name: 'Aurora', type: 'artist' },
  ],
  'works.toml': [
    { name: '星之海', type: 'animation', names: { en: 'Sea of Stars' } },
    { name: 'Aurora', type: 'series' },
    { name: '晨间电台', type: 'radio', names: { en: 'Morning Radio' } },
  ],
  'categories.toml': [
    { name: '现场', type: 'category', names: { en: 'Live' } },
    { name: '100% Acoustic', type: 'category' },
    { name: 'Lo-Fi/Chill', type: 'category' },
  ],
};
