// A JSON array of strings read piece by piece (a library's album list: 39 MB for 1,000,000
// albums). `JSON.parse` of the whole text is one task of several hundred milliseconds on the page's
// thread, and keeps every string; fed in pieces as they arrive, each piece costs only its own
// length, gives back its strings for the reader to keep as it likes (packed), and the reader can
// let the page run between pieces. Accepts exactly what JSON.parse accepts for such an array;
// anything else (an object, a number in the list, a cut-off text) throws a SyntaxError.

type Expect = 'open' | 'firstValue' | 'value' | 'commaOrClose' | 'done';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

export class StringArrayParser {
  private expect: Expect = 'open';
  /** the start of a string cut off by the end of the last piece (from its opening quote), else null */
  private partial: string | null = null;

  /** reads the next piece of the text; returns the strings that ended in it */
  push(piece: string): string[] {
    const values: string[] = [];
    let text = piece;
    let at = 0;
    if (this.partial !== null) {
      text = this.partial + piece;
      this.partial = null;
    }
    while (at < text.length) {
      const char = text[at]!;
      if (WHITESPACE.has(char)) {
        at++;
        continue;
      }
      switch (this.expect) {
        case 'open':
          if (char !== '[') throw new SyntaxError('an album list is a JSON array');
          this.expect = 'firstValue';
          at++;
          break;
        case 'firstValue':
        case 'value':
          if (char === ']' && this.expect === 'firstValue') {
            this.expect = 'done';
            at++;
            break;
          }
          if (char !== '"') throw new SyntaxError('an album list holds only strings');
          {
            const end = closingQuote(text, at + 1);
            if (end < 0) {
              // the string goes on in the next piece
              this.partial = text.slice(at);
              return values;
            }
            const raw = text.slice(at + 1, end);
            values.push(raw.includes('\\') || hasControl(raw) ? (JSON.parse(text.slice(at, end + 1)) as string) : raw);
            this.expect = 'commaOrClose';
            at = end + 1;
          }
          break;
        case 'commaOrClose':
          if (char === ',') this.expect = 'value';
          else if (char === ']') this.expect = 'done';
          else throw new SyntaxError('expected , or ] in an album list');
          at++;
          break;
        case 'done':
          throw new SyntaxError('text after the end of an album list');
      }
    }
    return values;
  }

  /** throws when the text ended before the array did */
  end(): void {
    if (this.expect !== 'done') throw new SyntaxError('an album list ended early');
  }
}

/** the index of the quote that closes a string whose text starts at `from`, or -1 */
function closingQuote(text: string, from: number): number {
  let at = text.indexOf('"', from);
  while (at >= 0) {
    let backslashes = 0;
    while (text[at - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}

// JSON forbids raw control characters inside strings: JSON.parse is the judge of those rare ones
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const CONTROL = /[\u0000-\u001f]/;
const hasControl = (raw: string) => CONTROL.test(raw);
