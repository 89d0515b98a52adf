import { describe, it, expect } from 'vitest';
import * as C from './constants.ts';
import { MSG } from './messages.ts';
import { DEFAULT_THEME } from './session.ts';

describe('spec §9 numbers', () => {
  it('keeps the values the spec fixes', () => {
    expect({
      search: C.SEARCH_PAGE_SIZE,
      favorites: C.FAVORITE_PAGE_SIZE,
      dialog: C.FAVORITE_DIALOG_PAGE_SIZE,
      folders: C.FOLDER_LIST_PAGE_SIZE,
      noteFolders: C.NOTE_FOLDER_PAGE_SIZE,
      notes: C.NOTE_PAGE_SIZE,
      headlines: C.HEADLINE_PAGE_SIZE,
      organWide: C.ORGAN_PAGE_SIZE_WIDE,
      organ: C.ORGAN_PAGE_SIZE,
      carousel: C.CAROUSEL_INTERVAL_MS,
      quickBi: C.QUICKBI_TOKEN_REFRESH_MS,
      timeout: C.REQUEST_TIMEOUT_MS,
      backTop: C.BACK_TO_TOP_AFTER_PX,
      emailResend: C.EMAIL_CODE_RESEND_SECONDS,
      oldDomain: C.OLD_DOMAIN_COUNTDOWN_SECONDS,
      mobile: C.MOBILE_BREAKPOINT_PX,
      sidebar: C.SIDEBAR_WIDTH_PX,
      pdfWidth: C.PDF_BASE_WIDTH_PX,
      pdfStep: C.PDF_ZOOM_STEP_PERCENT,
      uploadMax: C.IMAGE_UPLOAD_MAX_BYTES,
      contact: C.CONTACT_TEXT_MAX_COUNTED,
      contactContent: C.CONTACT_CONTENT_MAX_COUNTED,
      keywords: C.CUSTOM_KEYWORDS_MAX,
      shots: C.SCREENSHOTS_MAX,
      feedback: [C.FEEDBACK_CONTENT_MIN, C.FEEDBACK_CONTENT_MAX],
    }).toEqual({
      search: 20,
      favorites: 10,
      dialog: 20,
      folders: 200,
      noteFolders: 99999,
      notes: 8,
      headlines: 20,
      organWide: 30,
      organ: 24,
      carousel: 3000,
      quickBi: 540000,
      timeout: 100000,
      backTop: 242,
      emailResend: 60,
      oldDomain: 4,
      mobile: 992,
      sidebar: 240,
      pdfWidth: 700,
      pdfStep: 25,
      uploadMax: 4194304,
      contact: 50,
      contactContent: 400,
      keywords: 5,
      shots: 4,
      feedback: [10, 200],
    });
    expect(C.NOTE_PANEL_WIDTH_PX).toEqual({ open: 330, collapsed: 34, mobile: 0 });
    expect(C.CLASSIFIER_THRESHOLD).toEqual({ min: 0, max: 1, step: 0.01, default: 0 });
    expect(C.CARD_ASPECT.width / C.CARD_ASPECT.height).toBe(5 / 8);
    expect(C.IMAGE_UPLOAD_TYPES).toEqual(['jpg', 'png', 'bmp']);
  });

  it('labels the sort orders, and report/organisation lists offer only new and hot', () => {
    expect(C.SORTS.map((sort) => C.SORT_LABELS[sort])).toEqual(['最新', '最热', '推荐']);
    expect(C.NEW_HOT_SORTS).toEqual(['new', 'hot']);
  });

  it('uses the default theme colour in the default theme', () => {
    expect(C.DEFAULT_THEME_COLOR).toBe('#f96007');
    expect(DEFAULT_THEME.theme_color).toBe('#f96007');
  });
});

describe('our messages name the limits they enforce', () => {
  it.each([
    [MSG.folderNameTooLong, C.FOLDER_NAME_MAX_COUNTED],
    [MSG.folderRemarkTooLong, C.FOLDER_REMARK_MAX],
    [MSG.noteTooLong, C.NOTE_CONTENT_MAX],
    [MSG.searchTooLong, C.SEARCH_TEXT_MAX],
    [MSG.keywordTooLong, C.KEYWORD_MAX_COUNTED],
    [MSG.contactTooLong, C.CONTACT_TEXT_MAX_COUNTED],
    [MSG.customKeywordLimit, C.CUSTOM_KEYWORDS_MAX],
    [MSG.feedbackTooManyShots, C.SCREENSHOTS_MAX],
  ])('%s mentions %i', (message, limit) => {
    expect(message.match(/\d+/g)).toEqual([String(limit)]);
  });

  it('keeps the spec text of the content message (200) although the limit is 400 counted', () => {
    expect(MSG.contactContentTooLong).toBe('输入信息不能超过200个字符');
    expect(C.CONTACT_CONTENT_MAX_COUNTED).toBe(400);
  });
});
