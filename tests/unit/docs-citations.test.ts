// The repository's documents are its own: comments and docs cite docs/protocol.md,
// docs/behaviour.md and docs/architecture.md by topic, never papers a clone does not have (a spec,
// a design note, issue numbers). The links in the docs lead to files that exist, the anchors they
// and the comments name are headings of those files, and the file names the docs mention exist.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, normalize } from 'node:path';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const THIS_FILE = 'tests/unit/docs-citations.test.ts';
const BINARY = /\.(png|jpe?g|gif|ico|webp|woff2?|ttf|flac|mp3|aac|ogg|br|gz|zip|db|sqlite)$/i;

/** What a reader of this repository cannot follow: citations of documents that are not in it. */
const OUTSIDE_CITATIONS: readonly RegExp[] = [
  /\bspec(?: |-)?(?:§|\d)/,
  /\b(?:spec|DESIGN|ui-text)\.md\b/,
  /\bissue #?\d/i,
  // protocol.md only as the repo's own (docs/protocol.md, or a link to it from docs/)
  /(?<![\w/.[(-])protocol\.md\b/,
  /\bprotocol\.md (?:section )?[\d#]/,
  /\.\.\/shared\/(?:spec|protocol|DESIGN|ui-text)/,
  /\]\(\.\.\/shared\b/,
  /\/work\/shared\b/,
];

function outsideCitations(text: string): string[] {
  return text.split('\n').filter((line) => OUTSIDE_CITATIONS.some((pattern) => pattern.test(line)));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = (heading[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** every `docs/<name>.md#anchor` (and the `, #more` after it) a text cites */
function docCitations(text: string): { doc: string; anchor: string }[] {
  const found: { doc: string; anchor: string }[] = [];
  for (const match of text.matchAll(/(?<![\w.-])docs\/(\w+)\.md#([\w-]+)((?:, #[\w-]+)*)/g)) {
    const [, name = '', anchor = '', more = ''] = match;
    const doc = `docs/${name}.md`;
    found.push({ doc, anchor });
    for (const [, next = ''] of more.matchAll(/#([\w-]+)/g)) found.push({ doc, anchor: next });
  }
  return found;
}

/** relative markdown link targets: [text](target) and [text](target#anchor), not web addresses */
function relativeLinks(markdown: string): { path: string; anchor: string | null }[] {
  const links: { path: string; anchor: string | null }[] = [];
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  for (const match of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const hash = target.indexOf('#');
    links.push(
      hash < 0 ? { path: target, anchor: null } : { path: target.slice(0, hash), anchor: target.slice(hash + 1) },
    );
  }
  return links;
}

/** file names in backticks (`src/app/system.ts`, `keymap.ts`), the kind a rename leaves behind */
function mentionedFiles(markdown: string): string[] {
  const names: string[] = [];
  for (const [, name = ''] of markdown.matchAll(/`([\w./-]+\.(?:tsx?|cjs|mjs|css|md))`/g)) names.push(name);
  return names;
}

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\0')
  .filter((path) => path !== '' && existsSync(join(repoRoot, path)));
const textFiles = tracked.filter((path) => !BINARY.test(path) && path !== 'package-lock.json' && path !== THIS_FILE);
const read = (path: string): string => readFileSync(join(repoRoot, path), 'utf8');
const docs = tracked.filter(
  (path) => /^docs\/[^/]+\.md$/.test(path) || path === 'README.md' || path === 'server/README.md',
);

/** a backticked name exists when a tracked file is that path, or ends with it */
function fileExists(name: string): boolean {
  const bare = name.replace(/^\.\//, '');
  return tracked.some((path) => path === bare || path.endsWith(`/${bare}`));
}

describe('the checks can fail', () => {
  it('finds citations of outside documents and lets the repo’s own pass', () => {
    expect(
      outsideCitations(
        [
          '// The player (spec 4.2): a parallel machine',
          '// Shares (protocol.md 1.6.10)',
          '// see `protocol.md` for the wire',
          '// composition (DESIGN.md 2)',
          '// in real Chromium (issue 16)',
          '[protocol](../shared/protocol.md)',
          '// fallbacks of spec-3',
        ].join('\n'),
      ),
    ).toHaveLength(7);
    expect(
      outsideCitations(
        [
          '// The player (docs/behaviour.md#player)',
          '// Shares (docs/protocol.md#shares)',
          'See [protocol.md](protocol.md) and [shares](../docs/protocol.md#shares).',
          "import type { Word } from '../shared/words';",
          'the Stately inspector',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('reads headings as anchors and citations as doc and anchor', () => {
    const anchors = headingAnchors(
      '# Protocol\n## Library server (annil)\n### 3. Composition: `src/app/system.ts`\n## Shapes\n## Shapes\n```\n# not a heading\n```',
    );
    expect([...anchors]).toEqual([
      'protocol',
      'library-server-annil',
      '3-composition-srcappsystemts',
      'shapes',
      'shapes-1',
    ]);
    expect(docCitations('// Playlists (docs/protocol.md#shapes, #playlists), see docs/behaviour.md#player.')).toEqual([
      { doc: 'docs/protocol.md', anchor: 'shapes' },
      { doc: 'docs/protocol.md', anchor: 'playlists' },
      { doc: 'docs/behaviour.md', anchor: 'player' },
    ]);
  });

  it('reads relative links and mentioned files, not web addresses or code', () => {
    const markdown =
      'See [a](behaviour.md#player), [b](../server/README.md), [c](https://example.com/x.md), `[d](not-a-link.md)`, `features/player/components/TrackControls.tsx`.';
    expect(relativeLinks(markdown)).toEqual([
      { path: 'behaviour.md', anchor: 'player' },
      { path: '../server/README.md', anchor: null },
    ]);
    expect(mentionedFiles(markdown)).toEqual(['features/player/components/TrackControls.tsx']);
    expect(fileExists('features/player/components/TrackControls.tsx')).toBe(false);
    expect(fileExists('features/player/components/PlayButtons.tsx')).toBe(true);
  });
});

describe("the repository's documents", () => {
  it('no tracked file cites a spec, design note or issue the repository does not have', () => {
    const found = textFiles.flatMap((path) => outsideCitations(read(path)).map((line) => `${path}: ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it('every docs/<name>.md#anchor cited anywhere is a heading of that document', () => {
    const anchorsOf = new Map<string, Set<string>>();
    const missing: string[] = [];
    for (const path of textFiles) {
      for (const { doc, anchor } of docCitations(read(path))) {
        if (!anchorsOf.has(doc))
          anchorsOf.set(doc, existsSync(join(repoRoot, doc)) ? headingAnchors(read(doc)) : new Set());
        if (!anchorsOf.get(doc)?.has(anchor)) missing.push(`${path}: ${doc}#${anchor}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every relative link in the docs and READMEs leads to a file that exists, and to a heading there', () => {
    const broken: string[] = [];
    for (const doc of docs) {
      for (const { path, anchor } of relativeLinks(read(doc))) {
        const target = path === '' ? doc : normalize(join(dirname(doc), path));
        // a file outside the repository is not there for whoever clones it, even where this machine has one
        if (target.startsWith('..') || !existsSync(join(repoRoot, target))) {
          broken.push(`${doc}: ${path}`);
          continue;
        }
        if (anchor !== null && target.endsWith('.md') && !headingAnchors(read(target)).has(anchor)) {
          broken.push(`${doc}: ${path}#${anchor}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('every file name the docs mention in backticks exists', () => {
    const stale = docs.flatMap((doc) =>
      mentionedFiles(read(doc))
        .filter((name) => !fileExists(name))
        .map((name) => `${doc}: ${name}`),
    );
    expect(stale).toEqual([]);
  });
});
