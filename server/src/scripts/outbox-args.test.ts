import { describe, expect, it } from 'vitest';
import { parseOutboxArgs } from './outbox-args.ts';

describe('npm run outbox -- [address] [--count N]', () => {
  it('takes the address given alone (it was ignored: the first word counted as --count’s value)', () => {
    expect(parseOutboxArgs(['--', 'me@example.com'])).toEqual({ address: 'me@example.com', count: 1 });
  });

  it('takes the address before or after --count, and the count', () => {
    expect(parseOutboxArgs(['me@example.com', '--count', '3'])).toEqual({
      address: 'me@example.com',
      count: 3,
    });
    expect(parseOutboxArgs(['--count', '3', 'me@example.com'])).toEqual({
      address: 'me@example.com',
      count: 3,
    });
  });

  it('without an address shows the newest messages to anyone', () => {
    expect(parseOutboxArgs([])).toEqual({ address: undefined, count: 1 });
    expect(parseOutboxArgs(['--count', '5'])).toEqual({ address: undefined, count: 5 });
  });
});
