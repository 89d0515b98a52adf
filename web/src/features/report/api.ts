import { detailApi } from '@portal/contract';
import { call } from '../../api/client.ts';

/**
 * Records a report download in both places the spec has (POST /api/front-buried for the event
 * log, POST /api/user/behavior/click for the download_num counter that feeds 最热). Neither may
 * stop the download itself, so failures are swallowed.
 */
export async function logReportDownload(id: string, index: string): Promise<void> {
  await Promise.allSettled([
    call(detailApi.frontBuried, { action: 'download', subject: 'report', subject_id: id }, { notify: false }),
    call(
      detailApi.behaviorClick,
      { data_id: id, data_type: index, field: 'download_num' },
      { notify: false },
    ),
  ]);
}
