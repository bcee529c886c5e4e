// Key case conversion between the wire (snake_case) and the client (camelCase), docs/protocol.md#keys-on-the-wire.
// Only keys change, never values. Keys that start with a digit (`2fa_enabled`, `2fa_code`) are
// kept verbatim both ways, and maps whose keys are data keep their own keys: artist roles
// (`irish-harp`), token `audios` (album ids), share `metadata` and `albums` (album ids). Their values are
// still walked, so an album inside `metadata` is converted like any other album.

/** keys whose value is a map keyed by data; the map's own keys are never converted */
const DATA_KEYED_MAPS: ReadonlySet<string> = new Set(['artists', 'audios', 'metadata', 'albums']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const DIGIT_LEADING = /^[0-9]/;

/** `album_id` → `albumId`; digit-leading keys and keys without inner underscores stay as they are */
export function camelKey(key: string): string {
  if (!key.includes('_') || DIGIT_LEADING.test(key)) return key;
  return key.replace(/(?<=[A-Za-z0-9])_+([A-Za-z0-9])/g, (_match, c: string) => c.toUpperCase());
}

/** `albumId` → `album_id`; digit-leading keys stay; other characters (`id[]`, `-`) are kept */
export function snakeKey(key: string): string {
  if (DIGIT_LEADING.test(key)) return key;
  return key
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * A key converter that remembers its answers: a long list (a playlist of thousands of items, a
 * search) repeats the same few keys, and the regular expressions were most of the time spent on it.
 * Bounded, since maps keyed by data may bring many distinct keys.
 */
function remembering(keyOf: (key: string) => string, limit = 2_000): (key: string) => string {
  const known = new Map<string, string>();
  return (key) => {
    let converted = known.get(key);
    if (converted === undefined) {
      converted = keyOf(key);
      if (known.size >= limit) known.clear();
      known.set(key, converted);
    }
    return converted;
  };
}

const camelKeyOf = remembering(camelKey);
const snakeKeyOf = remembering(snakeKey);

function convert(value: unknown, keyOf: (key: string) => string, keepKeys: boolean): unknown {
  if (Array.isArray(value)) {
    const items = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) items[i] = convert(value[i], keyOf, false);
    return items;
  }
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const inner = convert(value[key], keyOf, !keepKeys && DATA_KEYED_MAPS.has(key));
    const name = keepKeys ? key : keyOf(key);
    // defined, not assigned, so a `__proto__` key cannot reach the prototype
    if (name === '__proto__')
      Object.defineProperty(result, name, { value: inner, enumerable: true, writable: true, configurable: true });
    else result[name] = inner;
  }
  return result;
}

/** incoming: snake_case keys → camelCase, recursively (see the rules at the top) */
export function toCamelCase(value: unknown): unknown {
  return convert(value, camelKeyOf, false);
}

/** outgoing: camelCase keys → snake_case, recursively (see the rules at the top) */
export function toSnakeCase(value: unknown): unknown {
  return convert(value, snakeKeyOf, false);
}
