/**
 * A signed link token (unsubscribe-token.ts) with its MAC's first character changed: a token
 * the server must refuse. Changing the last characters instead can give back the same MAC —
 * the last one of 22 base64url characters carries only 2 of the MAC's 128 bits, the rest is
 * ignored when decoding — so `…AA` passed about once in 256 secrets.
 */
export function forgedToken(token: string): string {
  const at = token.lastIndexOf('.') + 1;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
}
