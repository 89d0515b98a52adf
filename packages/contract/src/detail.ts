import { z } from 'zod';
import { MSG } from './messages.ts';
import { idTextField } from './rules/fields.ts';
import type { TSearchHit } from './search.ts';

/**
 * Detail pages and engagement (spec §7 "Detail and engagement", §3 entities).
 * `index` is a hit's `_index` (portal_report, portal_business, portal_insight,
 * mockup_open_screen, mockup_open_screen_analysis) and `detail_id` its `_id`.
 */
const idText = idTextField;
const indexText = z.string({ error: MSG.badRequest }).trim().min(1, { error: MSG.badRequest }).max(64);
const onOff = z.coerce.number<number | string>({ error: MSG.badRequest }).int().min(0).max(1);

/** POST /api/detail. Without a token only a headline answers (the shared page, is_login false). */
export const ZDetailRequest = z.object({ detail_id: idText, index: indexText });
export type TDetailRequest = z.input<typeof ZDetailRequest>;

export const ZCompanyRef = z.object({
  company_id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
});
export type TCompanyRef = z.infer<typeof ZCompanyRef>;

export const ZRelatedFile = z.object({
  title: z.string(),
  create_time: z.string(),
  url: z.string(),
  ext: z.string(),
});
export type TRelatedFile = z.infer<typeof ZRelatedFile>;

export const ZReportSource = z.object({
  title: z.string(),
  content_id: z.string(),
  cover: z.string(),
  sourceType: z.string(),
  industry: z.string(),
  create_time: z.string(),
  description: z.string(),
  company: z.array(ZCompanyRef),
  /** The report PDF (one entry): url for the reader and downloads. */
  files: z.array(z.object({ name: z.string(), url: z.string(), ext: z.literal('pdf') })),
  /** Page images for mobile readers, in page order. */
  pdf_image: z.array(z.string()),
  /** Each page's text layout (`TPageLayout` JSON), beside `pdf_image`: where a search hit's words are drawn. */
  pdf_layout: z.array(z.string()),
  /** Every page's layout in one file (`TPageLayouts` JSON): what 在报告中查找 reads on a phone. */
  pdf_layouts: z.string(),
  page_count: z.number().int(),
  material_url: z.string(),
  /** The report's keywords, then keywords of the catalogue its text names most (issue 19). */
  tag: z.array(z.string()),
  /** The first substantial paragraphs after the cover and contents; '' when the text has none. */
  abstract: z.string(),
  /** Table of contents: the PDF's outline, else headings found in the text (level 1–3). */
  toc: z.array(z.object({ title: z.string(), page: z.number().int(), level: z.number().int() })),
});
export type TReportSource = z.infer<typeof ZReportSource>;

export const ZHeadlineSource = z.object({
  title: z.string(),
  description: z.string(),
  publish_time: z.string(),
  time_format: z.string(),
  source_name: z.string(),
  source_url: z.string(),
  /** Sanitised HTML; empty for logged-out visitors of the shared page. */
  content: z.string(),
  /** The same story from other sources (near-duplicates), oldest first; absent when there are none. */
  other_sources: z
    .array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        source_name: z.string(),
        source_url: z.string(),
        publish_time: z.string(),
      }),
    )
    .optional(),
});
export type THeadlineSource = z.infer<typeof ZHeadlineSource>;

export const ANAL_DATA_EXTS = ['tableau', 'quickbi', 'powerbi', 'excel', 'word', 'pdf', 'baidu_ai'] as const;
export type TAnalDataExt = (typeof ANAL_DATA_EXTS)[number];

export const ZAnalysisSource = z.object({
  title: z.string(),
  target: z.string(),
  creator: z.string(),
  create_time: z.string(),
  anal_type: z.string(),
  anal_data_ext: z.string(),
  anal_data_info: z.object({
    url: z.string(),
    work_book: z.string(),
    tab_visible: z.boolean(),
    tool_bar_visible: z.boolean(),
  }),
  quote_data_info: z.array(ZRelatedFile),
});
export type TAnalysisSource = z.infer<typeof ZAnalysisSource>;

export const ZMaterialSource = z.object({
  title: z.string(),
  material_type: z.enum(['image', 'video']),
  url: z.string(),
  cover: z.string(),
  category: z.string(),
  open_screen_type: z.string(),
  mockup_type: z.string(),
  parent_brand: z.string(),
  product_brand: z.string(),
  person_type: z.string(),
  person_star: z.string(),
  style_type: z.string(),
  first_exposure_time: z.string(),
  channel: z.string(),
  is_have_activity: z.number().int(),
  /** Video length in seconds (0 for images). */
  duration: z.number().int(),
  analysis_info: z.array(z.object({ detail_id: z.string(), title: z.string() })),
});
export type TMaterialSource = z.infer<typeof ZMaterialSource>;

export type TDetailSource = TReportSource | THeadlineSource | TAnalysisSource | TMaterialSource;

export type TDetailReply<S extends TDetailSource = TDetailSource> = {
  detail_info: { _id: string; _index: string; _source: S };
  favorite_status: number;
  insight_topic_shortcut_status: number;
  usefulness_status: number;
  /** 1 when the user may open organisation pages from a report's company links. */
  organ_detail_menu: number;
  is_login: boolean;
};

/** POST /api/recommend: related items, never the item itself. */
export const ZRecommendRequest = z.object({
  keyword: z.string().max(200).default(''),
  page_size: z.coerce.number<number | string>().int().min(1).max(20).default(6),
  detail_id: idText,
  index: indexText,
});
export type TRecommendRequest = z.input<typeof ZRecommendRequest>;

/** POST /api/user/usefulness — mark (1) or unmark (0) an item as useful. */
export const ZUsefulnessRequest = z.object({ data_id: idText, data_type: indexText, status: onOff });
export type TUsefulnessRequest = z.input<typeof ZUsefulnessRequest>;
/** Its reply: the item's usefulness status for the user after the change. */
export type TUsefulnessReply = { status: number };

/** POST /api/front-buried — a front-end event; only downloads of reports count today. */
export const ZFrontBuriedRequest = z.object({
  action: z.enum(['download'], { error: MSG.badRequest }),
  subject: z.enum(['report'], { error: MSG.badRequest }),
  subject_id: idText,
});

/** POST /api/user/behavior/click — bumps a counter of an item (download_num). */
export const ZBehaviorClickRequest = z.object({
  data_id: idText,
  data_type: indexText,
  field: z.enum(['download_num'], { error: MSG.badRequest }),
});

/** GET /wxqrcode?type&id&index — PNG of the item's public share link. */
export const QR_TYPES = ['wxqrcode_report_detail', 'wxqrcode_headline_detail'] as const;
export const ZQrCodeQuery = z.object({
  type: z.enum(QR_TYPES, { error: MSG.badRequest }),
  id: idText,
  index: indexText,
  /** A report's page (issue 21, 本页二维码): the code opens the reader there. */
  page: z.coerce
    .number<number | string>({ error: MSG.badRequest })
    .int({ error: MSG.badRequest })
    .min(1, { error: MSG.badRequest })
    .max(10_000, { error: MSG.badRequest })
    .optional(),
});

/** POST /api/insight_topic/shortcut/create | delete — sidebar shortcuts to insight topics. */
export const ZShortcutCreateRequest = z.object({
  id: idText,
  title: z.string().max(500),
  index: indexText,
  anal_type: z.string().max(50),
});
export const ZShortcutDeleteRequest = z.object({ id: idText, index: indexText });

/** GET /api/getTableau → data.response.ticket; GET /api/insight_topic/quickBI/token. */
export type TTableauTicketReply = { response: { ticket: string } };
export type TQuickBiTokenReply = { access_token: string; invalid_time: number };

/** Image classifier result (spec §2 "Image classifier viewer"). */
export type TClassifierReply = { results: { name: string; score: number }[] };

/** GET /api/insight_topic/shortcut/list (ours: the spec does not show the path) — the sidebar's shortcuts, newest first. */
export const ZShortcut = z.object({
  id: z.string(),
  title: z.string(),
  index: z.string(),
  anal_type: z.string(),
});
export type TShortcut = z.infer<typeof ZShortcut>;
export const ZShortcutListReply = z.array(ZShortcut);

/** POST /api/recommend reply: one group per content index. */
export type TRecommendReply = { type: string; list: TSearchHit[] }[];

/**
 * GET /api/insight_topic/file/sheets?detail_id=&url= and …/file/html?detail_id=&url= (ours):
 * the analysis's excel or word file converted on the server. `url` is optional and picks one of
 * the analysis's related files (a `quote_data_info` url) instead of its main file.
 */
export const ZOfficeFileQuery = z.object({ detail_id: idText, url: z.string().max(1000).optional() });
export type TOfficeFileQuery = z.input<typeof ZOfficeFileQuery>;
export const ZSheet = z.object({ name: z.string(), rows: z.array(z.array(z.string())) });
export type TSheet = z.infer<typeof ZSheet>;
export const ZSheetsReply = z.object({ sheets: z.array(ZSheet) });
export type TSheetsReply = z.infer<typeof ZSheetsReply>;
export const ZWordHtmlReply = z.object({ html: z.string() });
export type TWordHtmlReply = z.infer<typeof ZWordHtmlReply>;

/** POST /api/baidu/bml/image/classfication?detail_id= (multipart field `image`). */
export const ZClassifierQuery = z.object({ detail_id: idText });
