import {
  MSG,
  REPORT_UPLOAD_MAX_BYTES,
  REPORT_UPLOAD_MAX_FILES,
  type TAdminUploadItem,
  type TUploadStatus,
} from '@portal/contract';

/**
 * One PDF on its way: waiting → uploading (bytes sent, with progress) → processing (sent; the
 * server ingests it) → done (the report's status) or failed (the Chinese reason).
 */
export type TUploadPhase = 'waiting' | 'uploading' | 'processing' | 'done' | 'failed';

export type TUploadEntry = {
  uid: string;
  name: string;
  size: number;
  phase: TUploadPhase;
  /** 0–100, the share of the file's bytes sent. */
  percent: number;
  /** The server's verdict once done: draft / published, or failed. */
  status?: TUploadStatus;
  id?: number | null;
  error?: string;
};

export type TUploadAction =
  | { type: 'add'; entries: TUploadEntry[] }
  | { type: 'start'; uid: string }
  | { type: 'progress'; uid: string; fraction: number }
  | { type: 'sent'; uid: string }
  | { type: 'result'; uid: string; item: TAdminUploadItem }
  | { type: 'error'; uid: string; message: string }
  | { type: 'remove'; uid: string }
  | { type: 'clearFinished' };

type TFileLike = { name: string; size: number; type: string };

/** Why a chosen file is refused before any byte is sent (the server checks again, by content). */
export function refuseReason(file: TFileLike): string | null {
  const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!pdf) {
    return MSG.adminUploadNotPdf;
  }
  if (file.size > REPORT_UPLOAD_MAX_BYTES) {
    return MSG.adminUploadTooLarge;
  }
  return null;
}

let nextUid = 0;

/**
 * Entries for newly chosen files: each waits, or is failed at once with its reason. Files beyond
 * the limit of one batch (with those already waiting) are failed with the limit's message.
 */
export function entriesFor(files: readonly TFileLike[], queued: readonly TUploadEntry[]): TUploadEntry[] {
  let open = queued.filter((e) => e.phase === 'waiting' || e.phase === 'uploading').length;
  return files.map((file) => {
    nextUid += 1;
    const base = { uid: `u${nextUid}`, name: file.name, size: file.size, percent: 0 };
    const reason = refuseReason(file) ?? (open >= REPORT_UPLOAD_MAX_FILES ? MSG.adminUploadTooMany : null);
    if (reason !== null) {
      return { ...base, phase: 'failed', status: 'failed', error: reason };
    }
    open += 1;
    return { ...base, phase: 'waiting' };
  });
}

function patch(
  state: TUploadEntry[],
  uid: string,
  change: (e: TUploadEntry) => TUploadEntry,
): TUploadEntry[] {
  return state.map((e) => (e.uid === uid ? change(e) : e));
}

export function uploadReducer(state: TUploadEntry[], action: TUploadAction): TUploadEntry[] {
  switch (action.type) {
    case 'add':
      return [...state, ...action.entries];
    case 'start':
      return patch(state, action.uid, (e) => ({ ...e, phase: 'uploading', percent: 0 }));
    case 'progress':
      // Progress only moves forward, and never reads 100 % before the body is fully sent.
      return patch(state, action.uid, (e) =>
        e.phase === 'uploading'
          ? { ...e, percent: Math.max(e.percent, Math.min(99, Math.floor(action.fraction * 100))) }
          : e,
      );
    case 'sent':
      return patch(state, action.uid, (e) =>
        e.phase === 'uploading' ? { ...e, phase: 'processing', percent: 100 } : e,
      );
    case 'result':
      return patch(state, action.uid, (e) => ({
        ...e,
        phase: action.item.status === 'failed' ? 'failed' : 'done',
        percent: 100,
        status: action.item.status,
        id: action.item.id,
        ...(action.item.error ? { error: action.item.error } : {}),
      }));
    case 'error':
      return patch(state, action.uid, (e) => ({
        ...e,
        phase: 'failed',
        status: 'failed',
        error: action.message,
      }));
    case 'remove':
      return state.filter((e) => e.uid !== action.uid || e.phase === 'uploading' || e.phase === 'processing');
    case 'clearFinished':
      return state.filter((e) => e.phase !== 'done' && e.phase !== 'failed');
  }
}

/** The next entries to send, keeping at most `concurrency` in flight (uploading or processing). */
export function nextToStart(state: readonly TUploadEntry[], concurrency: number): TUploadEntry[] {
  const busy = state.filter((e) => e.phase === 'uploading' || e.phase === 'processing').length;
  return state.filter((e) => e.phase === 'waiting').slice(0, Math.max(0, concurrency - busy));
}
