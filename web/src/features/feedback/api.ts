import { useQuery } from '@tanstack/react-query';
import type { TFeedbackInfo, TFeedbackRequest, TScreenshotReply } from '@portal/contract';
import { api } from '../../api/client.ts';

export const feedbackKeys = {
  info: ['feedback', 'info'] as const,
};

/** GET /api/feedback/get/info: the prefilled e-mail and the footer. */
export function useFeedbackInfo() {
  return useQuery({
    queryKey: feedbackKeys.info,
    queryFn: ({ signal }) => api.get<TFeedbackInfo>('/api/feedback/get/info', undefined, { signal }),
  });
}

/** POST /api/feedback/update/screenshot (multipart `file`): the stored screenshot's URL. */
export function uploadScreenshot(file: File): Promise<TScreenshotReply> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<TScreenshotReply>('/api/feedback/update/screenshot', form, { notify: false });
}

/** POST /api/feedback/set/info. Refusals come back as messages the form shows. */
export async function sendFeedback(body: TFeedbackRequest): Promise<void> {
  await api.post('/api/feedback/set/info', body, { notify: false });
}
