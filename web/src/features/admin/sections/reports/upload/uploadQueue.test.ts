import { MSG, REPORT_UPLOAD_MAX_BYTES, REPORT_UPLOAD_MAX_FILES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { entriesFor, nextToStart, uploadReducer, type TUploadEntry } from './uploadQueue.ts';

const pdf = (name: string, size = 1000) => ({ name, size, type: 'application/pdf' });

describe('report upload queue', () => {
  it('refuses what is not a PDF or is too large before sending a byte, with the contract message', () => {
    const entries = entriesFor(
      [
        pdf('a.pdf'),
        { name: 'notes.docx', size: 10, type: 'application/msword' },
        pdf('big.pdf', REPORT_UPLOAD_MAX_BYTES + 1),
      ],
      [],
    );
    expect(entries.map((e) => [e.name, e.phase, e.error])).toEqual([
      ['a.pdf', 'waiting', undefined],
      ['notes.docx', 'failed', MSG.adminUploadNotPdf],
      ['big.pdf', 'failed', MSG.adminUploadTooLarge],
    ]);
    // A PDF the browser gives no type for is recognised by its name; the server checks its bytes.
    expect(entriesFor([{ name: 'X.PDF', size: 5, type: '' }], [])[0]?.phase).toBe('waiting');
  });

  it('refuses files beyond the per-batch limit, counting those still waiting or uploading', () => {
    const waiting = entriesFor(
      Array.from({ length: REPORT_UPLOAD_MAX_FILES - 1 }, (_, i) => pdf(`${i}.pdf`)),
      [],
    );
    const more = entriesFor([pdf('last.pdf'), pdf('one-too-many.pdf')], waiting);
    expect(more.map((e) => e.error)).toEqual([undefined, MSG.adminUploadTooMany]);
  });

  it('walks a file through upload progress, processing and its result', () => {
    let state: TUploadEntry[] = uploadReducer([], { type: 'add', entries: entriesFor([pdf('r.pdf')], []) });
    const uid = state[0]!.uid;
    state = uploadReducer(state, { type: 'start', uid });
    state = uploadReducer(state, { type: 'progress', uid, fraction: 0.42 });
    expect(state[0]).toMatchObject({ phase: 'uploading', percent: 42 });
    // Late or out-of-order progress events never move the bar back, nor to 100 % before it is sent.
    state = uploadReducer(state, { type: 'progress', uid, fraction: 0.3 });
    state = uploadReducer(state, { type: 'progress', uid, fraction: 1 });
    expect(state[0]!.percent).toBe(99);
    state = uploadReducer(state, { type: 'sent', uid });
    expect(state[0]).toMatchObject({ phase: 'processing', percent: 100 });
    state = uploadReducer(state, {
      type: 'result',
      uid,
      item: { id: 7, name: 'r.pdf', status: 'published' },
    });
    expect(state[0]).toMatchObject({ phase: 'done', status: 'published', id: 7 });
  });

  it('shows the server refusing one file as that file failed, with its reason', () => {
    let state = uploadReducer([], { type: 'add', entries: entriesFor([pdf('broken.pdf')], []) });
    const uid = state[0]!.uid;
    state = uploadReducer(state, {
      type: 'result',
      uid,
      item: { id: null, name: 'broken.pdf', status: 'failed', error: 'PDF文件已损坏' },
    });
    expect(state[0]).toMatchObject({ phase: 'failed', error: 'PDF文件已损坏' });
  });

  it('keeps at most two files in flight, and clearing removes only finished ones', () => {
    let state = uploadReducer([], {
      type: 'add',
      entries: entriesFor([pdf('1.pdf'), pdf('2.pdf'), pdf('3.pdf')], []),
    });
    expect(nextToStart(state, 2).map((e) => e.name)).toEqual(['1.pdf', '2.pdf']);
    state = uploadReducer(state, { type: 'start', uid: state[0]!.uid });
    state = uploadReducer(state, { type: 'sent', uid: state[0]!.uid });
    state = uploadReducer(state, { type: 'start', uid: state[1]!.uid });
    expect(nextToStart(state, 2)).toEqual([]);
    state = uploadReducer(state, { type: 'error', uid: state[1]!.uid, message: MSG.networkError });
    expect(nextToStart(state, 2).map((e) => e.name)).toEqual(['3.pdf']);
    state = uploadReducer(state, { type: 'clearFinished' });
    expect(state.map((e) => e.name)).toEqual(['1.pdf', '3.pdf']);
  });
});
