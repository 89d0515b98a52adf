/**
 * Business constants and limits of spec §9, named once. Layout rules that need a little
 * logic (grid, menu) live in layout.ts; paging rules in paging.ts.
 */

// Page sizes

/** Search results and content lists (search, report, insight, material lists). */
export const SEARCH_PAGE_SIZE = 20;
/** Items of one favourite folder on the favourites screens. */
export const FAVORITE_PAGE_SIZE = 10;
/** Folders listed in the "add to favourites" dialog. */
export const FAVORITE_DIALOG_PAGE_SIZE = 20;
/** Folder list with each folder's status for one item (POST /api/user/favorite/list). */
export const FOLDER_LIST_PAGE_SIZE = 200;
/** Folder fetch for the notes screen: one page meant to hold every folder. */
export const NOTE_FOLDER_PAGE_SIZE = 99_999;
/** Notes per page (GET /api/user/note/list). */
export const NOTE_PAGE_SIZE = 8;
/** Headlines per page; a shorter page means the end of the list. */
export const HEADLINE_PAGE_SIZE = 20;
/** Organisations per page when the grid shows 5 or 6 columns (divisible by both). */
export const ORGAN_PAGE_SIZE_WIDE = 30;
/** Organisations per page otherwise (divisible by 2, 3 and 4 columns). */
export const ORGAN_PAGE_SIZE = 24;

// Timing

/**
 * Banner carousel auto-advance. The spec has 3000 ms and 5000 ms; we take 3000 because it
 * is the table's first reading and antd Carousel's own default, so the web sets nothing odd.
 */
export const CAROUSEL_INTERVAL_MS = 3_000;
/** QuickBI access token is fetched again every 9 minutes. */
export const QUICKBI_TOKEN_REFRESH_MS = 540_000;
/** Timeout of every API call from the web client. */
export const REQUEST_TIMEOUT_MS = 100_000;
/** Seconds before a new e-mail verification code may be requested. */
export const EMAIL_CODE_RESEND_SECONDS = 60;
/** Seconds the old-domain notice counts down before redirecting. */
export const OLD_DOMAIN_COUNTDOWN_SECONDS = 4;

// Layout

/** The back-to-top control appears once the page has scrolled this far. */
export const BACK_TO_TOP_AFTER_PX = 242;
/** A window narrower than this is a mobile device (see isMobileWidth). */
export const MOBILE_BREAKPOINT_PX = 992;
/** Width of the sidebar. */
export const SIDEBAR_WIDTH_PX = 240;
/** Width of the note side panel: open, collapsed to its handle, and on mobile (hidden). */
export const NOTE_PANEL_WIDTH_PX = { open: 330, collapsed: 34, mobile: 0 } as const;
/** The note panel's saved state (GET /api/user/note/draw): 1 open, 2 closed. */
export const NOTE_PANEL_STATUS = { open: 1, closed: 2 } as const;
/** Card width:height on content grids (portrait, like a report cover). */
export const CARD_ASPECT = { width: 5, height: 8 } as const;
/** Narrowest a grid card may get; the grid drops columns to keep it. */
export const MIN_CARD_WIDTH_PX = 274;
/** Analysis sub-menu shows this many items while collapsed. */
export const ANALYSIS_MENU_COLLAPSED_ITEMS = 6;
/** The collapse toggle appears only when there are more items than this. */
export const ANALYSIS_MENU_TOGGLE_ABOVE = 7;
/** Default theme colour (session `theme_color`, antd `colorPrimary`). */
export const DEFAULT_THEME_COLOR = '#f96007';

// PDF reader

/** Page width in the PDF reader at 100 %. */
export const PDF_BASE_WIDTH_PX = 700;
/** Each zoom-in or zoom-out click changes the zoom by this many percent. */
export const PDF_ZOOM_STEP_PERCENT = 25;

// Image classifier and uploads

/** Threshold slider of the image classifier: results below it are hidden. */
export const CLASSIFIER_THRESHOLD = { min: 0, max: 1, step: 0.01, default: 0 } as const;
/** Largest image a user may upload (classifier and feedback screenshots): 4 MiB. */
export const IMAGE_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** Image types a user may upload, recognised by their first bytes (rules/upload.ts). */
export const IMAGE_UPLOAD_TYPES = ['jpg', 'png', 'bmp'] as const;
export type TImageType = (typeof IMAGE_UPLOAD_TYPES)[number];
/** `accept` attribute for the file input: the same three types. */
export const IMAGE_UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.bmp';

// Form limits

/** Contact form text fields (job, company, department, name), in counted characters. */
export const CONTACT_TEXT_MAX_COUNTED = 50;
/** Contact form more-info content, in counted characters (its message says 200). */
export const CONTACT_CONTENT_MAX_COUNTED = 400;
/** Custom subscription keywords an ordinary user may keep. */
export const CUSTOM_KEYWORDS_MAX = 5;
/** Screenshots attached to one feedback. */
export const SCREENSHOTS_MAX = 4;
/** Feedback description length, in characters after trimming. */
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 200;

// Sorting

/** Sort orders of content lists (`psort`). */
export const SORTS = ['new', 'hot', 'recommend'] as const;
export type TSort = (typeof SORTS)[number];
/** Chinese label of each sort order. */
export const SORT_LABELS: Readonly<Record<TSort, string>> = { new: '最新', hot: '最热', recommend: '推荐' };
/** Report and organisation lists (and headlines) offer only these two. */
export const NEW_HOT_SORTS = ['new', 'hot'] as const satisfies readonly TSort[];
export type TNewHotSort = (typeof NEW_HOT_SORTS)[number];

// Limits the spec leaves open (ours). Labels are measured in counted characters (Chinese
// counts 2) because they must fit a narrow UI slot; free text in plain characters.

/** Favourite folder name, in counted characters: fits the folder list's name column. */
export const FOLDER_NAME_MAX_COUNTED = 30;
/** The built-in folder every user has; it cannot be edited, deleted or created again. */
export const DEFAULT_FOLDER_NAME = '自由收藏夹';
/** Favourite folder description, in characters. */
export const FOLDER_REMARK_MAX = 200;
/** Note content, in characters. */
export const NOTE_CONTENT_MAX = 2_000;
/** Search text, in characters: longer input only slows segmentation and never matches better. */
export const SEARCH_TEXT_MAX = 100;
/** One subscription keyword, in counted characters: it is shown as a tag. */
export const KEYWORD_MAX_COUNTED = 20;
/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
