import { act, cleanup, renderHook } from '@testing-library/react';
import type { TAdminUploadItem } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUploadProgress } from '../../../../../api/uploadWithProgress.ts';
import type { TUploadOne } from './reportUpload.ts';
import { useUploadQueue } from './useUploadQueue.ts';

afterEach(cleanup);

/** An uploader the test drives by hand: each call waits until the test finishes it. */
function manualUploader() {
  const pending: {
    file: File;
    publish: boolean;
    progress: TUploadProgress;
    finish: (item: TAdminUploadItem) => void;
    fail: (error: Error) => void;
  }[] = [];
  const upload: TUploadOne = (file, publish, progress) =>
    new Promise((resolve, reject) => {
      pending.push({ file, publish, progress, finish: resolve, fail: reject });
    });
  return { upload, pending };
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('upload queue hook', () => {
  it('sends two files at a time, each with its own progress and result, then the next', async () => {
    const { upload, pending } = manualUploader();
    const onFinished = vi.fn();
    const { result } = renderHook(() => useUploadQueue(upload, true, onFinished));
    act(() => result.current.add([pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]));

    expect(pending.map((p) => p.file.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(pending.every((p) => p.publish)).toBe(true);
    act(() => pending[0]!.progress.onProgress?.(0.5));
    expect(result.current.entries.map((e) => [e.name, e.phase, e.percent])).toEqual([
      ['a.pdf', 'uploading', 50],
      ['b.pdf', 'uploading', 0],
      ['c.pdf', 'waiting', 0],
    ]);

    act(() => pending[0]!.progress.onSent?.());
    expect(result.current.entries[0]?.phase).toBe('processing');
    await act(async () => pending[0]!.finish({ id: 9, name: 'a.pdf', status: 'published' }));
    expect(result.current.entries[0]).toMatchObject({ phase: 'done', status: 'published', id: 9 });
    expect(onFinished).toHaveBeenCalledTimes(1);
    // A slot freed: the third file goes.
    expect(pending.map((p) => p.file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);

    await act(async () => pending[1]!.fail(new Error('offline')));
    expect(result.current.entries[1]).toMatchObject({ phase: 'failed', error: '网络异常，请检查网络后重试' });
    expect(result.current.busy).toBe(true);
    await act(async () =>
      pending[2]!.finish({ id: null, name: 'c.pdf', status: 'failed', error: 'PDF文件已加密' }),
    );
    expect(result.current.entries[2]).toMatchObject({ phase: 'failed', error: 'PDF文件已加密' });
    expect(result.current.busy).toBe(false);
  });

  it('never sends a file refused before upload', () => {
    const { upload, pending } = manualUploader();
    const { result } = renderHook(() => useUploadQueue(upload, false, () => undefined));
    act(() => result.current.add([new File(['x'], 'notes.txt', { type: 'text/plain' })]));
    expect(pending).toHaveLength(0);
    expect(result.current.entries[0]).toMatchObject({ phase: 'failed', error: '文件不是PDF格式' });
  });
});
