// The tag types of a metadata repository (docs/protocol.md#files-on-disk): one list for the client's
// tag rules and the reference server's tag registry, which imports it from here.
export const TAG_TYPES = [
  'artist',
  'group',
  'animation',
  'series',
  'project',
  'radio',
  'game',
  'organization',
  'category',
  'unknown',
] as const;
