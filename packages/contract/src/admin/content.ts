import { z } from 'zod';
import { MSG } from '../messages.ts';
import type { TDetailReply, TDetailSource } from '../detail.ts';
import { CONTENT_INDEXES } from '../search.ts';
import { adminPageField, adminPageSizeField } from './paging.ts';
import { idField } from '../rules/fields.ts';
import { maxChars, optionalRule, matches, required, textRule } from '../rules/rule.ts';
import { textSchema } from '../rules/schema.ts';

/**
 * The back-office content calls (issue 16): publish state of every content type, report
 * upload, headline create/edit, report edit, delete with its impact, and the feedback inbox.
 * Fixed by the issue: POST /api/admin/reports/upload, POST /api/admin/headlines,
 * POST /api/admin/content/{type}/{id}/publish|unpublish, GET /api/admin/feedback.
 */

/** Content types as the back-office names them (the search index says business / insight). */
export const ADMIN_CONTENT_TYPES = ['report', 'headline', 'analysis', 'material'] as const;
export type TAdminContentType = (typeof ADMIN_CONTENT_TYPES)[number];

/** draft: never shown to users yet; published: shown; unpublished: taken down (comes back on publish). */
export const PUBLISH_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type TPublishStatus = (typeof PUBLISH_STATUSES)[number];

/** Upload results add `failed` (the file was refused; nothing was written). */
export const UPLOAD_STATUSES = [...PUBLISH_STATUSES, 'failed'] as const;
export type TUploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Largest PDF one upload part may carry. */
export const REPORT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** Most PDFs one upload request may carry. */
export const REPORT_UPLOAD_MAX_FILES = 20;

export const ADMIN_TITLE_MAX = 200;
export const ADMIN_SOURCE_MAX = 100;
export const ADMIN_DESCRIPTION_MAX = 2000;
export const ADMIN_TAG_MAX = 30;
export const ADMIN_TAGS_MAX = 20;
/** Headline HTML, before sanitising. */
export const HEADLINE_CONTENT_MAX = 200_000;
export const ADMIN_URL_MAX = 1000;

export const validateAdminTitle = textRule(
  required(MSG.adminTitleRequired),
  maxChars(ADMIN_TITLE_MAX, MSG.adminTitleTooLong),
);
export const validateAdminSource = textRule(
  required(MSG.adminSourceRequired),
  maxChars(ADMIN_SOURCE_MAX, MSG.adminSourceTooLong),
);
export const validateHeadlineContent = textRule(
  required(MSG.adminContentRequired),
  maxChars(HEADLINE_CONTENT_MAX, MSG.adminContentTooLong),
);
/** An original link is optional; when given it is an http(s) address. */
export const validateAdminUrl = optionalRule(
  textRule(
    maxChars(ADMIN_URL_MAX, MSG.adminUrlInvalid),
    matches(/^https?:\/\/[^\s]+$/i, MSG.adminUrlInvalid),
  ),
);
export const validateAdminDescription = textRule(
  maxChars(ADMIN_DESCRIPTION_MAX, MSG.adminDescriptionTooLong),
);
/** Short catalogue fields (source type, industry). */
export const validateAdminShortText = textRule(maxChars(ADMIN_SOURCE_MAX, MSG.adminFieldTooLong));

const ZTags = z
  .array(z.string({ error: MSG.badRequest }).trim(), { error: MSG.badRequest })
  .transform((tags) => [...new Set(tags.filter((t) => t !== ''))])
  .superRefine((tags, ctx) => {
    if (tags.length > ADMIN_TAGS_MAX || tags.some((t) => [...t].length > ADMIN_TAG_MAX)) {
      ctx.addIssue(MSG.adminTagsInvalid);
    }
  });

/** A report's table of contents as the editor writes it: at most this many entries. */
export const ADMIN_TOC_MAX = 60;
export const ADMIN_TOC_TITLE_MAX = 100;
/** Heading levels the detail page indents: 1 a chapter, 2 a section, 3 a subsection. */
export const ADMIN_TOC_LEVELS = [1, 2, 3] as const;

export const validateAdminTocTitle = textRule(
  required(MSG.adminTocInvalid),
  maxChars(ADMIN_TOC_TITLE_MAX, MSG.adminTocInvalid),
);

/** One contents entry: its heading, the page it starts on (the server checks the report has it), its level. */
export const ZAdminTocEntry = z.object(
  {
    title: textSchema(validateAdminTocTitle),
    page: z.number({ error: MSG.adminTocInvalid }).int(MSG.adminTocInvalid).min(1, MSG.adminTocInvalid),
    level: z
      .number({ error: MSG.adminTocInvalid })
      .int(MSG.adminTocInvalid)
      .min(1, MSG.adminTocInvalid)
      .max(ADMIN_TOC_LEVELS.length, MSG.adminTocInvalid),
  },
  { error: MSG.adminTocInvalid },
);
export type TAdminTocEntry = z.infer<typeof ZAdminTocEntry>;
/**
 * The whole contents against a report of `pages` pages: what the schema checks per entry, plus
 * every page within the report (only the server and the editor know the page count).
 */
export function validateAdminToc(entries: readonly TAdminTocEntry[], pages: number): string | null {
  const bad = (e: TAdminTocEntry) =>
    validateAdminTocTitle(e.title.trim()) !== null ||
    !Number.isInteger(e.page) ||
    e.page < 1 ||
    e.page > pages ||
    !ADMIN_TOC_LEVELS.includes(e.level as (typeof ADMIN_TOC_LEVELS)[number]);
  return entries.length > ADMIN_TOC_MAX || entries.some(bad) ? MSG.adminTocInvalid : null;
}
const ZAdminToc = z
  .array(ZAdminTocEntry, { error: MSG.adminTocInvalid })
  .max(ADMIN_TOC_MAX, MSG.adminTocInvalid);

/** The version the editor loaded; a save with another one is refused (someone saved meanwhile). */
const ZVersion = z.coerce.number<number | string>({ error: MSG.badRequest }).int().min(1).max(2_147_483_647);

export const ZAdminContentParams = z.object({
  type: z.enum(ADMIN_CONTENT_TYPES, { error: MSG.unknownTab }),
  id: idField,
});
export type TAdminContentParams = z.infer<typeof ZAdminContentParams>;
export const ZAdminContentTypeParams = ZAdminContentParams.pick({ type: true });

/** One uploaded file's outcome: `failed` with a Chinese `error` and a null id, else the new report. */
export const ZAdminUploadItem = z.object({
  id: z.number().nullable(),
  /** The file name as uploaded. */
  name: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  error: z.string().optional(),
});
export type TAdminUploadItem = z.infer<typeof ZAdminUploadItem>;
/** POST /api/admin/reports/upload (multipart: `file` parts, optional field `publish=1`). */
export const ZAdminUploadReply = z.object({ items: z.array(ZAdminUploadItem) });
export type TAdminUploadReply = z.infer<typeof ZAdminUploadReply>;

/** POST /api/admin/headlines: content is HTML, sanitised by the server like every headline. */
export const ZAdminHeadlineCreate = z.object({
  title: textSchema(validateAdminTitle),
  content: textSchema(validateHeadlineContent),
  source: textSchema(validateAdminSource),
  url: textSchema(validateAdminUrl).optional(),
  /** true: saved as a draft; otherwise published at once. */
  draft: z.boolean({ error: MSG.badRequest }).optional(),
});
export type TAdminHeadlineCreate = z.input<typeof ZAdminHeadlineCreate>;
export const ZAdminIdReply = z.object({ id: z.number() });
export type TAdminIdReply = z.infer<typeof ZAdminIdReply>;

/** PUT /api/admin/headlines/{id}. */
export const ZAdminHeadlineUpdate = ZAdminHeadlineCreate.omit({ draft: true }).extend({ version: ZVersion });
export type TAdminHeadlineUpdate = z.input<typeof ZAdminHeadlineUpdate>;

/** Most organisations one report names. */
export const ADMIN_REPORT_COMPANIES_MAX = 20;
/** A report company's status (spec §3): 0 joined (its page opens), 1 not joined (此机构暂未入驻). */
export const REPORT_COMPANY_STATUSES = [0, 1] as const;

/**
 * A report's companies in order; the first is its publisher (the card's 发布机构). Each
 * organisation once, at most 20.
 */
export const ZAdminReportCompanies = z
  .array(
    z.object({
      organisation_id: idField,
      status: z.union([z.literal(0), z.literal(1)], { error: MSG.badRequest }),
    }),
    { error: MSG.badRequest },
  )
  .superRefine((companies, ctx) => {
    const ids = new Set(companies.map((c) => c.organisation_id));
    if (companies.length > ADMIN_REPORT_COMPANIES_MAX || ids.size !== companies.length) {
      ctx.addIssue(MSG.adminReportCompaniesInvalid);
    }
  });
export type TAdminReportCompanies = z.input<typeof ZAdminReportCompanies>;

/**
 * PUT /api/admin/reports/{id}: the catalogue fields (the PDF itself is not replaced here).
 * `companies` replaces the report's list when given and leaves it when left out.
 */
export const ZAdminReportUpdate = z.object({
  title: textSchema(validateAdminTitle),
  source_type: textSchema(validateAdminShortText).default(''),
  industry: textSchema(validateAdminShortText).default(''),
  description: textSchema(validateAdminDescription).default(''),
  /** The detail page's abstract (issue 19; computed at ingestion, recomputed when the PDF is replaced); left as it is when absent. */
  abstract: textSchema(validateAdminDescription).optional(),
  /**
   * The detail page's 目录 (computed like the abstract); left as it is when absent. Each page must
   * be one of the report's. An abstract, contents or auto tags the editor saved stay when the
   * start-up backfill computes metadata again; replacing the PDF computes all three afresh.
   */
  toc: ZAdminToc.optional(),
  /** Tags found in the text from the catalogue's keywords, shown after `keywords`; left as they are when absent. */
  auto_tags: ZTags.optional(),
  keywords: ZTags.default([]),
  companies: ZAdminReportCompanies.optional(),
  version: ZVersion,
});
/** One of a report's companies as the editor shows it. */
export const ZAdminReportCompany = z.object({
  organisation_id: z.number(),
  name: z.string(),
  status: z.number(),
});
export type TAdminReportCompany = z.infer<typeof ZAdminReportCompany>;
export type TAdminReportUpdate = z.input<typeof ZAdminReportUpdate>;

/** PUT /api/admin/analyses/{id}: an insight topic's catalogue text (viewer settings and grants elsewhere). */
export const ZAdminAnalysisUpdate = z.object({
  title: textSchema(validateAdminTitle),
  description: textSchema(validateAdminDescription).default(''),
  /** The topic's author or team, shown on its card. */
  creator: textSchema(validateAdminShortText).default(''),
  version: ZVersion,
});
export type TAdminAnalysisUpdate = z.input<typeof ZAdminAnalysisUpdate>;

/** PUT /api/admin/materials/{id}: a material's attributes (the file itself is not replaced here). */
export const ZAdminMaterialUpdate = z.object({
  title: textSchema(validateAdminTitle),
  category: textSchema(validateAdminShortText).default(''),
  parent_brand: textSchema(validateAdminShortText).default(''),
  product_brand: textSchema(validateAdminShortText).default(''),
  style_type: textSchema(validateAdminShortText).default(''),
  channel: textSchema(validateAdminShortText).default(''),
  version: ZVersion,
});
export type TAdminMaterialUpdate = z.input<typeof ZAdminMaterialUpdate>;

/** After publish / unpublish / an edit: the item's state now. */
export const ZAdminStateReply = z.object({
  id: z.number(),
  status: z.enum(PUBLISH_STATUSES),
  version: z.number(),
});
export type TAdminStateReply = z.infer<typeof ZAdminStateReply>;

export const ADMIN_CONTENT_SORTS = [
  'published_at',
  '-published_at',
  'updated_at',
  '-updated_at',
  'views',
  '-views',
  'favorites',
  '-favorites',
] as const;
export type TAdminContentSort = (typeof ADMIN_CONTENT_SORTS)[number];

/** GET /api/admin/content/{type}?page&page_size&keyword&status&sort (`-` first: descending). */
export const ZAdminContentListQuery = z.object({
  page: adminPageField,
  page_size: adminPageSizeField,
  /** Part of the title. */
  keyword: z.string().trim().max(100, { error: MSG.searchTooLong }).optional(),
  status: z.enum(PUBLISH_STATUSES, { error: MSG.badRequest }).optional(),
  sort: z.enum(ADMIN_CONTENT_SORTS, { error: MSG.badRequest }).default('-published_at'),
});
export type TAdminContentListQuery = z.input<typeof ZAdminContentListQuery>;

export const ZAdminContentRow = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(PUBLISH_STATUSES),
  version: z.number(),
  /** Epoch milliseconds. */
  published_at: z.number(),
  updated_at: z.number(),
  views: z.number(),
  downloads: z.number(),
  favorites: z.number(),
  /** Headlines only: how many headlines tell its story (readers see them as one card), when more than one. */
  story_size: z.number().optional(),
});
export type TAdminContentRow = z.infer<typeof ZAdminContentRow>;
export const ZAdminContentListReply = z.object({ data: z.array(ZAdminContentRow), total: z.number() });
export type TAdminContentListReply = z.infer<typeof ZAdminContentListReply>;

/**
 * GET /api/admin/content/{type}/{id}: the row plus the editable fields of its type (reports:
 * source_type, industry, description, keywords, companies (TAdminReportCompany[], publisher
 * first); headlines: content, source_name, source_url, cover_url, same_story (TAdminStoryMember[])).
 */
export const ZAdminContentDetail = ZAdminContentRow.extend({
  fields: z.record(z.string(), z.unknown()),
});
export type TAdminContentDetail = z.infer<typeof ZAdminContentDetail>;

/**
 * A headline of the same story as the one in the editor (its `same_story`): readers see the
 * story as one card (the first published one) that names every source. Any status, oldest first.
 */
export type TAdminStoryMember = {
  id: number;
  title: string;
  source_name: string;
  status: TPublishStatus;
  published_at: number;
};

/** GET /api/admin/content/{type}/{id}/impact: what a delete would touch. */
export const ZAdminImpact = z.object({
  /** Folder entries (all users) holding the item; they are removed with it. */
  favorites: z.number(),
  /** Notes written on the item; they are deleted with it. */
  notes: z.number(),
});
export type TAdminImpact = z.infer<typeof ZAdminImpact>;

/** GET /api/admin/feedback?page=&page_size=, newest first. */
export const ZAdminFeedbackQuery = z.object({ page: adminPageField, page_size: adminPageSizeField });
export const ZAdminFeedbackItem = z.object({
  id: z.number(),
  user_id: z.number(),
  /** Masked: 138****0001. */
  phone: z.string(),
  nickname: z.string(),
  content: z.string(),
  email: z.string(),
  /** Signed URLs of the screenshots (private files), valid 2–3 hours. */
  screenshots: z.array(z.string()),
  /** Epoch milliseconds. */
  created_at: z.number(),
});
export type TAdminFeedbackItem = z.infer<typeof ZAdminFeedbackItem>;
export const ZAdminFeedbackReply = z.object({ data: z.array(ZAdminFeedbackItem), total: z.number() });
export type TAdminFeedbackReply = z.infer<typeof ZAdminFeedbackReply>;

// ---- Files and viewer settings (replace a report's PDF, a topic's viewer and files, a material's file) ----

/** Largest file a topic's viewer or related-file upload may carry (PDF, .xlsx, .docx). */
export const ADMIN_DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
/** Most related files one insight topic lists. */
export const ADMIN_RELATED_FILES_MAX = 10;
/** Largest material image, and largest material video. */
export const MATERIAL_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const MATERIAL_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** Largest topic cover (the card image of every list). */
export const ADMIN_COVER_MAX_BYTES = 4 * 1024 * 1024;

/** POST /api/admin/reports/{id}/file (multipart: `version`, one `file`): the report after the swap. */
export const ZAdminReportFileReply = ZAdminStateReply.extend({ page_count: z.number() });
export type TAdminReportFileReply = z.infer<typeof ZAdminReportFileReply>;

/** The viewers of an insight topic (spec §3 anal_data_ext), with what each one needs. */
export const ADMIN_VIEWER_TYPES = [
  'tableau',
  'quickbi',
  'powerbi',
  'excel',
  'word',
  'pdf',
  'baidu_ai',
] as const;
export type TAdminViewerType = (typeof ADMIN_VIEWER_TYPES)[number];
/** Embedded dashboards: an http(s) address, with tab and toolbar switches. */
export const DASHBOARD_VIEWERS: readonly TAdminViewerType[] = ['tableau', 'quickbi', 'powerbi'];
/** Viewers that show an uploaded file, and the file kind each accepts. */
export const FILE_VIEWERS = { pdf: 'pdf', excel: 'xlsx', word: 'docx' } as const satisfies Partial<
  Record<TAdminViewerType, string>
>;
export type TFileViewer = keyof typeof FILE_VIEWERS;
export function isFileViewer(type: string): type is TFileViewer {
  return type in FILE_VIEWERS;
}

const HTTP_URL = /^https?:\/\/[^\s]+$/i;
/** A dashboard or model address: http(s) only (no javascript:, data: or relative paths). */
export const validateViewerUrl = optionalRule(
  textRule(maxChars(ADMIN_URL_MAX, MSG.adminViewerUrlInvalid), matches(HTTP_URL, MSG.adminViewerUrlInvalid)),
);
export const validateWorkbook = textRule(maxChars(ADMIN_SOURCE_MAX, MSG.adminFieldTooLong));

/**
 * PUT /api/admin/analyses/{id}/viewer: the viewer type and its settings. Dashboards need a
 * url (Tableau also its workbook); the image classifier may name its own model endpoint (empty:
 * the configured one); file viewers keep their uploaded file while the type stays a file viewer
 * of the same kind, and lose it otherwise (the file is uploaded separately).
 */
export const ZAdminViewerUpdate = z
  .object({
    anal_data_ext: z.enum(ADMIN_VIEWER_TYPES, { error: MSG.adminViewerTypeInvalid }),
    url: textSchema(validateViewerUrl).default(''),
    work_book: textSchema(validateWorkbook).default(''),
    tab_visible: z.boolean({ error: MSG.badRequest }).default(false),
    tool_bar_visible: z.boolean({ error: MSG.badRequest }).default(false),
    /** 分析目标, shown under the title. */
    target: textSchema(validateAdminDescription).default(''),
    version: ZVersion,
  })
  .superRefine((body, ctx) => {
    if (DASHBOARD_VIEWERS.includes(body.anal_data_ext) && body.url === '') {
      ctx.addIssue({ code: 'custom', message: MSG.adminViewerUrlRequired, path: ['url'] });
    }
    if (body.anal_data_ext === 'tableau' && body.work_book === '') {
      ctx.addIssue({ code: 'custom', message: MSG.adminWorkbookRequired, path: ['work_book'] });
    }
  });
export type TAdminViewerUpdate = z.input<typeof ZAdminViewerUpdate>;

/** DELETE /api/admin/analyses/{id}/related-files/{index}?version=: the related file at `index` (from 0). */
export const ZAdminRelatedFileParams = z.object({
  id: idField,
  index: z.coerce
    .number<number | string>({ error: MSG.badRequest })
    .int()
    .min(0)
    .max(ADMIN_RELATED_FILES_MAX),
});
export const ZAdminVersionQuery = z.object({ version: ZVersion });

/** An insight topic's files as the editor shows them: signed links (private files), kinds and names. */
export const ZAdminAnalysisFiles = z.object({
  anal_data_ext: z.string(),
  url: z.string(),
  work_book: z.string(),
  tab_visible: z.boolean(),
  tool_bar_visible: z.boolean(),
  target: z.string(),
  /** The viewer's file (file viewers), signed; '' when none. */
  file_url: z.string(),
  /** The card image; '' when none. */
  cover_url: z.string(),
  related: z.array(
    z.object({ title: z.string(), ext: z.string(), url: z.string(), create_time: z.string() }),
  ),
  version: z.number(),
});
export type TAdminAnalysisFiles = z.infer<typeof ZAdminAnalysisFiles>;

/** A material's file as the editor shows it. */
export const ZAdminMaterialFile = z.object({
  material_type: z.enum(['image', 'video']),
  /** The image, or the video's poster. */
  image_url: z.string(),
  /** '' for an image. */
  video_url: z.string(),
  video_duration: z.number(),
  version: z.number(),
});
export type TAdminMaterialFile = z.infer<typeof ZAdminMaterialFile>;

/** The admin type of a detail page's `_index` (preview links from the back-office). */
export const ADMIN_TYPE_OF_INDEX: Readonly<Record<string, TAdminContentType>> = {
  [CONTENT_INDEXES.report]: 'report',
  [CONTENT_INDEXES.business]: 'headline',
  [CONTENT_INDEXES.insight]: 'analysis',
  [CONTENT_INDEXES.material]: 'material',
  [CONTENT_INDEXES.analysisMaterial]: 'material',
};

/**
 * GET /api/admin/content/{type}/{id}/preview (role 2): the item as its detail page shows it
 * (`POST /api/detail`'s reply), whatever its publish state, plus that state for the page's
 * 预览（未发布） banner. Counts no view; users still get 404 from /api/detail until it is published.
 */
export const ZAdminPreviewReply = z.object({
  detail_info: z.object({
    _id: z.string(),
    _index: z.string(),
    _source: z.record(z.string(), z.unknown()),
  }),
  favorite_status: z.number(),
  insight_topic_shortcut_status: z.number(),
  usefulness_status: z.number(),
  organ_detail_menu: z.number(),
  is_login: z.boolean(),
  status: z.enum(PUBLISH_STATUSES),
});
/** As sent: the detail page's reply, its `_source` the item's kind (signed as for a reader), and the state. */
export type TAdminPreviewReply<S extends TDetailSource = TDetailSource> = TDetailReply<S> & {
  status: TPublishStatus;
};
