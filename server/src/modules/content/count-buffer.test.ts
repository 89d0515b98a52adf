import { describe, expect, it } from 'vitest';
import { createCountBuffer, type CountDeltas } from './count-buffer.ts';
import type { ContentRef } from './content.service.ts';

const report = (id: number): ContentRef => ({ type: 'report', id });

function recorder(fail = () => false) {
  const writes: { ref: ContentRef; deltas: CountDeltas }[] = [];
  const errors: unknown[] = [];
  const buffer = createCountBuffer({
    write: (ref, deltas) => {
      if (fail()) {
        return Promise.reject(new Error('database is locked'));
      }
      writes.push({ ref, deltas: { ...deltas } });
      return Promise.resolve();
    },
    flushMs: 20,
    onError: (err) => errors.push(err),
  });
  return { buffer, writes, errors };
}

describe('count buffer', () => {
  it('writes one summed row per item per flush', async () => {
    const { buffer, writes } = recorder();
    for (let i = 0; i < 500; i++) {
      buffer.add(report(1), { views: 1 });
    }
    buffer.add(report(1), { downloads: 2 });
    buffer.add(report(2), { views: 1 });
    buffer.add({ type: 'business', id: 1 }, { views: 3 });
    await buffer.flush();
    expect(writes).toEqual([
      { ref: report(1), deltas: { views: 500, downloads: 2 } },
      { ref: report(2), deltas: { views: 1 } },
      { ref: { type: 'business', id: 1 }, deltas: { views: 3 } },
    ]);
    await buffer.flush();
    expect(writes).toHaveLength(3);
    await buffer.close();
  });

  it('flushes on its own every interval, and what is left on close', async () => {
    const { buffer, writes } = recorder();
    buffer.add(report(1), { views: 1 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(writes).toEqual([{ ref: report(1), deltas: { views: 1 } }]);
    buffer.add(report(1), { views: 4 });
    await buffer.close();
    expect(writes.at(-1)).toEqual({ ref: report(1), deltas: { views: 4 } });
  });

  it('keeps counts that failed to write for the next flush, and reports the failure', async () => {
    let failing = true;
    const { buffer, writes, errors } = recorder(() => failing);
    buffer.add(report(1), { views: 2 });
    await expect(buffer.flush()).rejects.toThrow('database is locked');
    buffer.add(report(1), { views: 1 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(errors.length).toBeGreaterThan(0);
    failing = false;
    await buffer.close();
    expect(writes).toEqual([{ ref: report(1), deltas: { views: 3 } }]);
  });
});
