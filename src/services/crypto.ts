// SHA-256 for passwords: the server receives the lower-case hex digest, never the typed text (docs/behaviour.md#form-checks).
import { text } from '@/shared/firstPageText';

export async function sha256Hex(input: string): Promise<string> {
  // crypto.subtle exists only in secure contexts (HTTPS or localhost).
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (!subtle || typeof subtle.digest !== 'function') throw new Error(text.auth.noCrypto);
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(input));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
