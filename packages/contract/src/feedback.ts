import { z } from 'zod';

/** GET /api/feedback/get/info: the e-mail the form starts with, and the page footer. */
export const ZFeedbackInfo = z.object({
  email: z.string(),
  footer: z.object({
    /** Contact lines (FEEDBACK_CONTACT, `|`-separated), shown as text. */
    contact: z.array(z.string()),
    copyright: z.string(),
    /** Official-account and mini-program QR images; '' when not configured (the slot is hidden). */
    official_qr: z.string(),
    miniprogram_qr: z.string(),
  }),
});
export type TFeedbackInfo = z.infer<typeof ZFeedbackInfo>;

/** POST /api/feedback/update/screenshot (multipart field `file`): the stored image's URL. */
export const ZScreenshotReply = z.object({ feedback_url: z.string() });
export type TScreenshotReply = z.infer<typeof ZScreenshotReply>;

/** POST /api/user/set/avatar (multipart field `file`): the new avatar URL. */
export const ZAvatarReply = z.object({ avatar: z.string() });
export type TAvatarReply = z.infer<typeof ZAvatarReply>;
