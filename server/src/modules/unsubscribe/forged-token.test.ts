import { describe, expect, it } from 'vitest';
import { forgedToken } from './forged-token.fixture.ts';
import {
  subjectToken,
  unsubscribeToken,
  verifySubjectToken,
  verifyUnsubscribeToken,
} from './unsubscribe-token.ts';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The token with its MAC's last character moved within the 4 bits base64url decoding ignores. */
function respelled(token: string): string {
  const last = token.at(-1) as string;
  return `${token.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(last) + 1]}`;
}

describe('forgedToken', () => {
  it('gives a token the server refuses, whatever the secret', () => {
    for (let i = 0; i < 2_000; i++) {
      const secret = `secret-${i}`;
      const token = subjectToken(secret, 'digest-mute:v1', 7, 'k:芯片');
      expect(verifySubjectToken(secret, 'digest-mute:v1', token)).not.toBeNull();
      expect(verifySubjectToken(secret, 'digest-mute:v1', forgedToken(token))).toBeNull();
      // The old way of forging (…AA) passes only when it is the token itself.
      const lastTwo = `${token.slice(0, -2)}AA`;
      expect(verifySubjectToken(secret, 'digest-mute:v1', lastTwo) !== null).toBe(lastTwo === token);
    }
  });
});

describe('one spelling per link', () => {
  it('refuses the same MAC written with other ignored trailing bits', () => {
    for (let i = 0; i < 200; i++) {
      const secret = `secret-${i}`;
      const token = subjectToken(secret, 'digest-mute:v1', 7, 'k:芯片');
      const other = respelled(token);
      const mac = (t: string) => Buffer.from(t.slice(t.lastIndexOf('.') + 1), 'base64url');
      expect(mac(other).equals(mac(token))).toBe(true);
      expect(verifySubjectToken(secret, 'digest-mute:v1', other)).toBeNull();
      const unsubscribe = unsubscribeToken(secret, 42);
      expect(verifyUnsubscribeToken(secret, unsubscribe)).toBe(42);
      expect(verifyUnsubscribeToken(secret, respelled(unsubscribe))).toBeNull();
    }
  });

  it('refuses a user id with a leading zero and a subject spelled with ignored bits', () => {
    const secret = 'secret';
    expect(verifyUnsubscribeToken(secret, `0${unsubscribeToken(secret, 42)}`)).toBeNull();
    // 'k:' is 2 bytes, 3 base64url characters whose last 2 bits decoding ignores.
    const token = subjectToken(secret, 'digest-mute:v1', 42, 'k:');
    expect(verifySubjectToken(secret, 'digest-mute:v1', token)).toEqual({ userId: 42, subject: 'k:' });
    expect(verifySubjectToken(secret, 'digest-mute:v1', `0${token}`)).toBeNull();
    const [id, subject, mac] = token.split('.') as [string, string, string];
    const otherSubject = respelled(subject);
    expect(Buffer.from(otherSubject, 'base64url').toString()).toBe('k:');
    expect(verifySubjectToken(secret, 'digest-mute:v1', `${id}.${otherSubject}.${mac}`)).toBeNull();
  });
});
