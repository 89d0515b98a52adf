import { randomUUID } from 'node:crypto';
import {
  maskPhone,
  MSG,
  type TAdminFeedbackReply,
  type TFeedbackInfo,
  type TFeedbackRequest,
} from '@portal/contract';
import type { AccountConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { boundedImageSize, SCREENSHOT_BOUNDS } from '../../platform/images/image-bounds.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { IMAGE_FORMAT, type ImageUpload } from '../account/image-upload.ts';
import { unsignedFileUrl, type FileUrls } from '../files/signed-url.ts';
import type { FeedbackRepo } from './feedback.repo.ts';

/** Screenshots one user may upload per day: enough for several feedbacks, not a free file host. */
export const SCREENSHOT_UPLOADS_PER_DAY = 40;
const DAY_MS = 86_400_000;

export type FeedbackService = ReturnType<typeof createFeedbackService>;

/** Feedback (spec §2 "Feedback", §3, §5): prefill, screenshot uploads, submit, admin inbox. */
export function createFeedbackService(deps: {
  repo: FeedbackRepo;
  storage: Storage;
  clock: Clock;
  footer: AccountConfig['feedbackFooter'];
  fileUrls: FileUrls;
}) {
  const { repo, storage, clock, footer, fileUrls } = deps;
  const now = () => clock.now().getTime();

  return {
    async info(userId: number): Promise<TFeedbackInfo> {
      return {
        email: await repo.prefillEmail(userId),
        footer: {
          contact: footer.contact,
          copyright: footer.copyright,
          official_qr: footer.officialQr,
          miniprogram_qr: footer.miniprogramQr,
        },
      };
    },

    /** Stores a checked screenshot under `feedback/<user>/<uuid>` and records it as not yet submitted. */
    async upload(userId: number, image: ImageUpload): Promise<string> {
      // The same header check as avatars: a tiny file declaring 50,000² pixels is refused.
      if (!boundedImageSize(image.bytes, image.type, SCREENSHOT_BOUNDS)) {
        throw AppError.badRequest(MSG.uploadFailed);
      }
      const t = now();
      if ((await repo.countUploadsSince(userId, t - DAY_MS)) >= SCREENSHOT_UPLOADS_PER_DAY) {
        throw AppError.tooManyRequests();
      }
      const format = IMAGE_FORMAT[image.type];
      const key = `feedback/${userId}/${randomUUID()}.${format.ext}`;
      await storage.put(key, image.bytes, format.contentType);
      const url = `/files/${key}`;
      try {
        await repo.addUpload({ user_id: userId, storage_key: key, url, created_at: t });
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      // The uploader's preview; the form sends the URL back and submit drops the signature.
      return fileUrls.forUrl(url);
    },

    /** Stores the feedback; every screenshot must be one of the user's own, not yet submitted uploads. */
    async submit(userId: number, body: TFeedbackRequest): Promise<void> {
      const urls = body.screen_shot === '' ? [] : body.screen_shot.split(',').map(unsignedFileUrl);
      if (new Set(urls).size !== urls.length) {
        throw AppError.badRequest(MSG.screenshotUnknown);
      }
      const id = await repo.submit({
        user_id: userId,
        content: body.content,
        email: body.email,
        urls,
        created_at: now(),
      });
      if (id === null) {
        throw AppError.badRequest(MSG.screenshotUnknown);
      }
    },

    /** GET /api/admin/feedback: the same inbox with the phone masked and screenshots signed. */
    async adminInbox(page: number, pageSize: number): Promise<TAdminFeedbackReply> {
      const [rows, total] = await Promise.all([repo.inbox(page, pageSize), repo.countAll()]);
      return {
        data: rows.map((r) => ({
          id: r.id,
          user_id: r.user_id,
          phone: maskPhone(r.phone),
          nickname: r.nickname,
          content: r.content,
          email: r.email,
          screenshots: r.screen_shot === '' ? [] : r.screen_shot.split(',').map(fileUrls.forUrl),
          created_at: Number(r.created_at),
        })),
        total,
      };
    },
  };
}
