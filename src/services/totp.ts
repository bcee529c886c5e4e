// The secret of two-step sign-in, made in the browser (the server only ever sees it once, when the
// user turns it on), and the otpauth:// address an authenticator app reads from the QR code.
// TOTP as anniv-go uses it: RFC 6238, SHA-1, 6 digits, 30 s.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: what authenticator apps and the server's TOTP take */
function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** 160 random bits (RFC 4226's recommended size), base32: 32 characters */
export function newTotpSecret(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  return base32(random(new Uint8Array(20)));
}

/** the secret in groups of four, easier to type into an app by hand */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** what the QR code holds (the Key Uri Format authenticator apps read) */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${query.toString()}`;
}
