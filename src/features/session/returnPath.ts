// Where the route guard sends a signed-out visitor, and where login goes back to (docs/behaviour.md#routes-and-the-guard).

export function loginPathFor(path: string, search: string): string {
  const current = search ? `${path}?${search}` : path;
  return `/user/login?return=${encodeURIComponent(current)}`;
}

/** Only same-site paths are followed after login, so a crafted link cannot send users elsewhere. */
export function safeReturnPath(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
