import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '../../../../../api/client.ts';
import { MSG } from '@portal/contract';
import { entriesFor, nextToStart, uploadReducer, type TUploadEntry } from './uploadQueue.ts';
import type { TUploadOne } from './reportUpload.ts';

/** Two files at a time: progress stays readable and the server's PDF worker is not swamped. */
const CONCURRENCY = 2;

/**
 * The upload queue of the reports screen: `add` files (refused ones fail at once with their
 * reason), and each waiting file is sent on its own request, two at a time. `onFinished` is
 * called after each file's result (to refresh the table).
 */
export function useUploadQueue(upload: TUploadOne, publish: boolean, onFinished: () => void) {
  const [entries, dispatch] = useReducer(uploadReducer, []);
  const files = useRef(new Map<string, File>());
  const settings = useRef({ upload, publish, onFinished });
  settings.current = { upload, publish, onFinished };

  const add = useCallback(
    (chosen: readonly File[]) => {
      const added = entriesFor(chosen, entries);
      added.forEach((entry, i) => {
        const file = chosen[i];
        if (entry.phase === 'waiting' && file) {
          files.current.set(entry.uid, file);
        }
      });
      dispatch({ type: 'add', entries: added });
    },
    [entries],
  );

  useEffect(() => {
    for (const entry of nextToStart(entries, CONCURRENCY)) {
      const file = files.current.get(entry.uid);
      if (!file) {
        continue;
      }
      files.current.delete(entry.uid);
      dispatch({ type: 'start', uid: entry.uid });
      const { upload: send, publish: publishNow } = settings.current;
      send(file, publishNow, {
        onProgress: (fraction) => dispatch({ type: 'progress', uid: entry.uid, fraction }),
        onSent: () => dispatch({ type: 'sent', uid: entry.uid }),
      })
        .then((item) => dispatch({ type: 'result', uid: entry.uid, item }))
        .catch((error: unknown) =>
          dispatch({
            type: 'error',
            uid: entry.uid,
            message: error instanceof ApiError ? error.message : MSG.networkError,
          }),
        )
        .finally(() => settings.current.onFinished());
    }
  }, [entries]);

  const busy = entries.some((e: TUploadEntry) => e.phase !== 'done' && e.phase !== 'failed');
  return {
    entries,
    busy,
    add,
    remove: (uid: string) => dispatch({ type: 'remove', uid }),
    clearFinished: () => dispatch({ type: 'clearFinished' }),
  };
}
