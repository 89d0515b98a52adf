import { z } from 'zod';
import { idTextField } from './rules/fields.ts';

/**
 * GET /api/insight_topic/viewer/status?detail_id= (ours): whether the outside service behind an
 * insight topic's viewer is connected, so an unconfigured one shows a designed state — what it
 * is, a static preview, how to configure it — instead of a blank or refused frame.
 */
export const ZViewerStatusQuery = z.object({ detail_id: idTextField });

/** Viewers that depend on a service outside the portal. */
export const SERVICE_VIEWERS = ['tableau', 'quickbi', 'powerbi', 'baidu_ai'] as const;
export type TServiceViewer = (typeof SERVICE_VIEWERS)[number];

export const ZViewerStatus = z.object({
  /** The topic's viewer (anal_data_ext). */
  viewer: z.string(),
  /** false: the service is not set up, or the page may not frame the dashboard's address. */
  configured: z.boolean(),
  /** What is missing, as the environment variables an operator sets (empty when configured). */
  missing: z.array(z.string()),
  /** The dashboard's origin ('' when the topic has no absolute http(s) address). */
  origin: z.string(),
});
export type TViewerStatus = z.infer<typeof ZViewerStatus>;
