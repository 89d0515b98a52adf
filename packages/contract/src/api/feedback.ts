import type { TFeedbackInfo, TScreenshotReply } from '../feedback.ts';
import type { TAdminFeedbackReply, ZAdminFeedbackQuery } from '../admin/content.ts';
import type { ZFeedbackRequest } from '../rules/feedback.ts';
import type { z } from 'zod';
import type { TMultipart } from './endpoint.ts';
import { get, post } from './endpoint.ts';

/** Feedback (spec §7 "Feedback") and the back-office's feedback inbox. */
export const feedbackApi = {
  /** The prefilled e-mail and the footer. */
  info: get('/api/feedback/get/info').returns<TFeedbackInfo>(),
  /** Multipart field `file`: the stored screenshot's URL. */
  uploadScreenshot: post('/api/feedback/update/screenshot').takes<TMultipart>().returns<TScreenshotReply>(),
  submit: post('/api/feedback/set/info').takes<z.input<typeof ZFeedbackRequest>>().returns<null>(),
  /** Admin (role 2): the inbox, phone numbers masked. */
  adminInbox: get('/api/admin/feedback')
    .takes<z.input<typeof ZAdminFeedbackQuery>>()
    .returns<TAdminFeedbackReply>(),
};
