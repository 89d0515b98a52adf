import { z } from 'zod';
import type { TMessage } from '../messages.ts';
import { MSG } from '../messages.ts';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN, SCREENSHOTS_MAX } from '../constants.ts';
import { charsBetween, email, textRule } from './rule.ts';
import { textSchema } from './schema.ts';

/** Contact e-mail of a feedback; empty reads as invalid. */
export const validateFeedbackEmail = textRule(email(MSG.feedbackEmail));

/**
 * Problem description: 10 to 200 characters after trimming. The spec does not use the
 * counted rule here, so every character (Chinese, Latin or emoji) counts 1.
 */
export const validateFeedbackContent = textRule(
  charsBetween(FEEDBACK_CONTENT_MIN, FEEDBACK_CONTENT_MAX, MSG.feedbackContent),
);

/** An uploaded screenshot: our own root-relative path or an http(s) URL, never `//host`. */
const SCREENSHOT_URL = /^(?:https?:\/\/[^\s,]+|\/(?!\/)[^\s,]*)$/;
const SCREENSHOT_URL_MAX = 2_048;

/** `screen_shot` is the uploaded URLs joined by commas; empty means none. */
export function splitScreenshots(screenShot: string): string[] {
  return screenShot
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

export function joinScreenshots(urls: readonly string[]): string {
  return urls.join(',');
}

/** The upload control hides itself once four screenshots are attached. */
export function canAddScreenshot(count: number): boolean {
  return count < SCREENSHOTS_MAX;
}

/** At most four screenshots, each a URL our upload returned. */
export function validateScreenshots(urls: readonly string[]): TMessage | null {
  if (urls.length > SCREENSHOTS_MAX) {
    return MSG.feedbackTooManyShots;
  }
  const bad = urls.some((url) => url.length > SCREENSHOT_URL_MAX || !SCREENSHOT_URL.test(url));
  return bad ? MSG.badRequest : null;
}

export const feedbackEmailField = textSchema(validateFeedbackEmail);
export const feedbackContentField = textSchema(validateFeedbackContent);
/** Comma-joined URLs, checked and passed on with stray spaces and empty items removed. */
export const screenShotField = z
  .string({ error: MSG.badRequest })
  .default('')
  .superRefine((screenShot, ctx) => {
    const message = validateScreenshots(splitScreenshots(screenShot));
    if (message !== null) {
      ctx.addIssue(message);
    }
  })
  .transform((screenShot) => joinScreenshots(splitScreenshots(screenShot)));

/** POST /api/feedback/set/info */
export const ZFeedbackRequest = z.object({
  email: feedbackEmailField,
  content: feedbackContentField,
  screen_shot: screenShotField,
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;
