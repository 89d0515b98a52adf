import { useQuery } from '@tanstack/react-query';
import { Alert, Progress } from 'antd';
import { catalogueApi, reindexKey } from './catalogueApi.ts';
import { CATALOGUE_TEXT as T } from './catalogueTexts.ts';

/** Polls faster while the job runs; slowly otherwise, to see a job a keyword change just started. */
const RUNNING_MS = 1000;
const IDLE_MS = 4000;

/**
 * The background re-index after a keyword is added or renamed: the documents holding it are
 * written again so that search treats it as one word. Shown once there has been such a job.
 */
export function ReindexProgress() {
  const { data } = useQuery({
    queryKey: reindexKey,
    queryFn: catalogueApi.reindex,
    refetchInterval: (query) => {
      const now = query.state.data;
      return now && now.done < now.queued ? RUNNING_MS : IDLE_MS;
    },
  });
  if (!data || (data.queued === 0 && data.done === 0)) {
    return null;
  }
  const running = data.done < data.queued;
  return (
    <Alert
      type={running ? 'info' : 'success'}
      showIcon
      title={running ? T.reindexRunning(data.done, data.queued) : T.reindexDone(data.queued)}
      description={
        running ? (
          <Progress percent={Math.floor((data.done / Math.max(1, data.queued)) * 100)} size="small" />
        ) : null
      }
    />
  );
}
