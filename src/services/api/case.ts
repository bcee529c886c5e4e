// Key case conversion between the wire (snake_case) and the client (camelCase), protocol.md 1.3.
// Only keys change, never values. Keys that start with a digit (`2fa_enabled`, `2fa_code`) are
// kept verbatim both ways, and maps whose keys are data keep their own keys: artist roles
// (`irish-harp`), token `audios` (album ids), share `metadata` (album ids). Their values are
// still walked, so an album inside `metadata` is converted like any other album.

/** keys whose value is a map keyed by data; the map's own keys are never converted */
export const DATA_KEYED_MAPS: ReadonlySet<string> = new Set(['artists', 'audios', 'metadata']);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const DIGIT_LEADING = /^[0-9]/;

/** `album_id` → `albumId`; digit-leading keys and keys without inner underscores stay as they are */
export function camelKey(key: string): string {
  if (DIGIT_LEADING.test(key)) return key;
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

function convert(value: unknown, keyOf: (key: string) => string, keepKeys: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, keyOf, false));
  if (!isPlainObject(value)) return value;
  // Object.fromEntries defines properties, so a `__proto__` key cannot reach the prototype.
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (keepKeys) return [key, convert(inner, keyOf, false)];
      return [keyOf(key), convert(inner, keyOf, DATA_KEYED_MAPS.has(key))];
    }),
  );
}

/** incoming: snake_case keys → camelCase, recursively (see the rules at the top) */
export function toCamelCase(value: unknown): unknown {
  return convert(value, camelKey, false);
}

/** outgoing: camelCase keys → snake_case, recursively (see the rules at the top) */
export function toSnakeCase(value: unknown): unknown {
  return convert(value, snakeKey, false);
}
