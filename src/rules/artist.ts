// The artist text format (docs/behaviour.md#albums-and-tracks, docs/protocol.md#shapes): names separated by 、; full-width parentheses
// hold the members of the name before them, nested arbitrarily; 、、 stands for a literal 、.
// Odd input never throws: an unclosed （ closes at the end, a stray ） is kept as text.

export interface Artist {
  name: string;
  members: Artist[];
}

const SEPARATOR = '、';
const OPEN = '（';
const CLOSE = '）';

export function parseArtists(textValue: string): Artist[] {
  const root: Artist = { name: '', members: [] };
  const stack: Artist[] = [root];
  let current = '';
  let currentNode: Artist | null = null;

  const flush = () => {
    const name = current.trim();
    if (name) {
      currentNode = { name, members: [] };
      stack[stack.length - 1]!.members.push(currentNode);
    } else {
      currentNode = null;
    }
    current = '';
  };

  for (let i = 0; i < textValue.length; i++) {
    const ch = textValue[i]!;
    if (ch === SEPARATOR) {
      if (textValue[i + 1] === SEPARATOR) {
        current += SEPARATOR;
        i++;
        continue;
      }
      if (current.trim()) flush();
      currentNode = null;
    } else if (ch === OPEN) {
      if (current.trim()) flush();
      const owner = currentNode ?? lastMember(stack[stack.length - 1]!);
      if (owner) {
        stack.push(owner);
      } else {
        // members with nobody before them: keep them at this level
        stack.push(stack[stack.length - 1]!);
      }
      currentNode = null;
    } else if (ch === CLOSE && stack.length > 1) {
      if (current.trim()) flush();
      const closed = stack.pop()!;
      currentNode = closed === stack[stack.length - 1] ? null : closed;
    } else {
      current += ch;
    }
  }
  if (current.trim()) flush();
  return root.members;
}

function lastMember(node: Artist): Artist | null {
  return node.members.at(-1) ?? null;
}

/** Display form: members in square brackets separated by a middle dot, e.g. `港灯乐团 [小林 · 阿健]`. */
function formatArtists(artists: Artist[]): string {
  return artists.map(formatArtist).join('、');
}

function formatArtist(artist: Artist): string {
  if (artist.members.length === 0) return artist.name;
  return `${artist.name} [${artist.members.map(formatArtist).join(' · ')}]`;
}

export function artistDisplay(textValue: string): string {
  return formatArtists(parseArtists(textValue));
}
