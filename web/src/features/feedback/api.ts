import { useQuery } from '@tanstack/react-query';
import type { TFeedbackRequest, TScreenshotReply } from '@portal/contract';
import { feedbackApi } from '@portal/contract';
import { call } from '../../api/client.ts';

export const feedbackKeys = {
  info: ['feedback', 'info'] as const,
};

/** GET /api/feedback/get/info: the prefilled e-mail and the footer. */
export function useFeedbackInfo() {
  return useQuery({
    queryKey: feedbackKeys.info,
    queryFn: ({ signal }) => call(feedbackApi.info, undefined, { signal }),
  });
}

/** POST /api/feedback/update/screenshot (multipart `file`): the stored screenshot's URL. */
export function uploadScreenshot(file: File): Promise<TScreenshotReply> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(feedbackApi.uploadScreenshot, form, { notify: false });
}

/** POST /api/feedback/set/info. Refusals come back as messages the form shows. */
export async function sendFeedback(body: TFeedbackRequest): Promise<void> {
  await call(feedbackApi.submit, body, { notify: false });
}
