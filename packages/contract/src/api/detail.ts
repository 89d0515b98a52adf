import type {
  TAnalysisSource,
  TDetailReply,
  TDetailRequest,
  TMaterialSource,
  TOfficeFileQuery,
  TRecommendReply,
  TRecommendRequest,
  TReportSource,
  THeadlineSource,
  TSheetsReply,
  TShortcut,
  TUsefulnessReply,
  TUsefulnessRequest,
  TWordHtmlReply,
  ZBehaviorClickRequest,
  ZFrontBuriedRequest,
  ZShortcutCreateRequest,
  ZQrCodeQuery,
  ZShortcutDeleteRequest,
} from '../detail.ts';
import type { TViewerStatus, ZViewerStatusQuery } from '../viewer-status.ts';
import type { z } from 'zod';
import { get, post, type TRawReply } from './endpoint.ts';

/** Detail pages, engagement, shortcuts and the analysis viewers' files (spec §7 "Detail and engagement"). */
export const detailApi = {
  /** Any item: the reply's `_source` is the kind `index` names (the entries below narrow it). */
  detail: post('/api/detail').takes<TDetailRequest>().returns<TDetailReply>(),
  report: post('/api/detail').takes<TDetailRequest>().returns<TDetailReply<TReportSource>>(),
  headline: post('/api/detail').takes<TDetailRequest>().returns<TDetailReply<THeadlineSource>>(),
  analysis: post('/api/detail').takes<TDetailRequest>().returns<TDetailReply<TAnalysisSource>>(),
  material: post('/api/detail').takes<TDetailRequest>().returns<TDetailReply<TMaterialSource>>(),
  recommend: post('/api/recommend').takes<TRecommendRequest>().returns<TRecommendReply>(),
  usefulness: post('/api/user/usefulness').takes<TUsefulnessRequest>().returns<TUsefulnessReply>(),
  /** The event log of a report download. */
  frontBuried: post('/api/front-buried').takes<z.input<typeof ZFrontBuriedRequest>>().returns<null>(),
  /** The download counter that feeds 最热. */
  behaviorClick: post('/api/user/behavior/click')
    .takes<z.input<typeof ZBehaviorClickRequest>>()
    .returns<null>(),
  shortcutCreate: post('/api/insight_topic/shortcut/create')
    .takes<z.input<typeof ZShortcutCreateRequest>>()
    .returns<null>(),
  shortcutDelete: post('/api/insight_topic/shortcut/delete')
    .takes<z.input<typeof ZShortcutDeleteRequest>>()
    .returns<null>(),
  shortcuts: get('/api/insight_topic/shortcut/list').returns<TShortcut[]>(),
  /** Ours: the analysis's excel file as sheets of text rows. */
  sheets: get('/api/insight_topic/file/sheets').takes<TOfficeFileQuery>().returns<TSheetsReply>(),
  /** Ours: the analysis's word file as sanitised HTML. */
  wordHtml: get('/api/insight_topic/file/html').takes<TOfficeFileQuery>().returns<TWordHtmlReply>(),
  /** Ours: is the topic's outside service connected here? */
  viewerStatus: get('/api/insight_topic/viewer/status')
    .takes<z.input<typeof ZViewerStatusQuery>>()
    .returns<TViewerStatus>(),
  /** The PNG QR code of an item's (or a report page's) public share link; an `<img>`, no token. */
  qrCode: get('/wxqrcode').takes<z.input<typeof ZQrCodeQuery>>().returns<TRawReply>(),
};
