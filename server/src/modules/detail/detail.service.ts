import {
  MSG,
  type TDetailReply,
  type TRecommendReply,
  type TShortcut,
  type TUsefulnessReply,
  type ZDetailRequest,
  type ZRecommendRequest,
  type ZShortcutCreateRequest,
  type ZUsefulnessRequest,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { queryTerms } from '../../search/segmenter.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type {
  AnalysisFiles,
  ContentCatalogue,
  ContentCounters,
  ContentDetail,
  ContentRef,
} from '../content/content.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { contentTypeOfIndex, indexOfContentType } from '../content/content-types.ts';
import { unsignedFileUrl, type FileUrls } from '../files/signed-url.ts';
import type { DetailRepo } from './detail.repo.ts';
import { QR_INDEX, shareLink, type QrType } from './share-qr.ts';
import { signedDetailSource } from './signed-source.ts';
import { mayView } from './view-policy.ts';

/**
 * Seam for favourites (issue 5): the favourite status of an item for a user. Until folders
 * exist nothing is favourited, so the default answers 0.
 */
export type FavoriteStatusLookup = (userId: number, ref: ContentRef) => Promise<number>;
export const noFavorites: FavoriteStatusLookup = () => Promise.resolve(0);

export type DetailDeps = {
  repo: DetailRepo;
  content: ContentCatalogue & Pick<ContentCounters, 'bump'>;
  search: SearchService;
  clock: Clock;
  favoriteStatus?: FavoriteStatusLookup;
  fileUrls: FileUrls;
};
export type DetailService = ReturnType<typeof createDetailService>;

/** Extra searches a recommendation may run with words of the item's title. */
const TITLE_WORDS = 3;

/** `index` + id → a content reference; an index that names no content is "not found". */
export function refOf(index: string, id: string | number): ContentRef {
  const type = contentTypeOfIndex(index);
  if (!type) {
    throw AppError.notFound(MSG.contentNotFound);
  }
  return { type, id: Number(id) };
}

/**
 * Detail pages and engagement (spec §7 "Detail and engagement"): reading an item (a view
 * counts), related items, useful marks, download counts and insight-topic shortcuts.
 * Someone else's marks and shortcuts are never visible: everything is keyed by the caller.
 */
export function createDetailService({
  repo,
  content,
  search,
  clock,
  favoriteStatus = noFavorites,
  fileUrls,
}: DetailDeps) {
  const now = () => clock.now().getTime();

  /** The item if it exists and `user` may view it: 404 otherwise, 1001 when it is restricted. */
  async function viewable(ref: ContentRef, user: AuthUser): Promise<ContentDetail> {
    const item = await content.detail(ref);
    if (!item) {
      throw AppError.notFound(MSG.contentNotFound);
    }
    const granted = item.restricted ? await repo.isGranted(ref.type, ref.id, user.id) : false;
    if (!mayView(item, user, granted)) {
      throw AppError.noPermission();
    }
    return item;
  }

  async function existing(ref: ContentRef): Promise<void> {
    if (!(await content.exists(ref))) {
      throw AppError.notFound(MSG.contentNotFound);
    }
  }

  function insightRef(index: string, id: string): ContentRef & { type: 'insight' } {
    const ref = refOf(index, id);
    if (ref.type !== 'insight') {
      throw AppError.notFound(MSG.contentNotFound);
    }
    return { type: 'insight', id: ref.id };
  }

  const service = {
    /**
     * POST /api/detail. Without a user only headlines answer (the shared page): their body is
     * left out and is_login is false. Every successful read counts a view.
     */
    async detail(q: z.output<typeof ZDetailRequest>, user: AuthUser | null): Promise<TDetailReply> {
      const type = contentTypeOfIndex(q.index);
      if (!user && type !== 'business') {
        throw AppError.unauthorized();
      }
      const ref = refOf(q.index, q.detail_id);
      if (!user) {
        const item = await content.detail(ref);
        if (!item) {
          throw AppError.notFound(MSG.contentNotFound);
        }
        // Nobody without a session is granted a restricted headline.
        if (item.restricted) {
          throw AppError.noPermission();
        }
        await content.bump(ref, 'views');
        return {
          detail_info: { _id: String(ref.id), _index: q.index, _source: { ...item.source, content: '' } },
          favorite_status: 0,
          insight_topic_shortcut_status: 0,
          usefulness_status: 0,
          organ_detail_menu: 0,
          is_login: false,
        };
      }
      const item = await viewable(ref, user);
      await content.bump(ref, 'views');
      const [favorite, shortcut, useful] = await Promise.all([
        favoriteStatus(user.id, ref),
        ref.type === 'insight' ? repo.hasShortcut(user.id, ref.id) : Promise.resolve(false),
        repo.isUseful(user.id, ref.type, ref.id),
      ]);
      return {
        detail_info: {
          _id: String(ref.id),
          _index: q.index,
          _source: signedDetailSource(ref.type, item.source, fileUrls),
        },
        favorite_status: favorite,
        insight_topic_shortcut_status: shortcut ? 1 : 0,
        usefulness_status: useful ? 1 : 0,
        organ_detail_menu: user.organDetailMenu,
        is_login: true,
      };
    },

    /**
     * POST /api/recommend: items of the same type found with `keyword`, else with the item's
     * title, its keywords and the longest words of its title; never the item itself.
     */
    async recommend(q: z.output<typeof ZRecommendRequest>, user: AuthUser): Promise<TRecommendReply> {
      const ref = refOf(q.index, q.detail_id);
      const item = await viewable(ref, user);
      const titleWords = queryTerms(item.title)
        .map((t) => t.word)
        .filter((w) => [...w].length >= 2)
        .sort((a, b) => [...b].length - [...a].length)
        .slice(0, TITLE_WORDS);
      const queries = q.keyword.trim() !== '' ? [q.keyword] : [item.title, ...item.keywords, ...titleWords];
      const list = await search.related({
        queries,
        type: ref.type,
        excludeId: ref.id,
        pageSize: q.page_size,
        userId: user.id,
      });
      return [{ type: indexOfContentType(ref.type), list }];
    },

    /** POST /api/user/usefulness: idempotent; the item's useful counter follows the marks. */
    async setUseful(q: z.output<typeof ZUsefulnessRequest>, user: AuthUser): Promise<TUsefulnessReply> {
      const ref = refOf(q.data_type, q.data_id);
      await existing(ref);
      if (q.status === 1) {
        if (await repo.markUseful(user.id, ref.type, ref.id, now())) {
          await content.bump(ref, 'useful', 1);
        }
      } else if (await repo.unmarkUseful(user.id, ref.type, ref.id)) {
        await content.bump(ref, 'useful', -1);
      }
      return { status: q.status };
    },

    /** A download of an item (front-buried or behavior/click): counts towards `hot`. */
    async countDownload(index: string, id: string): Promise<void> {
      const ref = refOf(index, id);
      await existing(ref);
      await content.bump(ref, 'downloads');
    },

    async createShortcut(q: z.output<typeof ZShortcutCreateRequest>, user: AuthUser): Promise<void> {
      const ref = insightRef(q.index, q.id);
      await viewable(ref, user);
      await repo.addShortcut(user.id, ref.id, now());
    },

    async deleteShortcut(q: { id: string; index: string }, user: AuthUser): Promise<void> {
      const ref = insightRef(q.index, q.id);
      await repo.removeShortcut(user.id, ref.id);
    },

    async shortcuts(user: AuthUser): Promise<TShortcut[]> {
      const ids = await repo.shortcutIds(user.id);
      const titles = await content.analysisTitles(ids);
      return ids.flatMap((id) => {
        const a = titles.get(id);
        return a
          ? [{ id: String(id), title: a.title, index: indexOfContentType('insight'), anal_type: a.anal_type }]
          : [];
      });
    },

    /** The public share link of a report or headline for its QR code; 404 for anything else. */
    async shareLink(
      q: { type: QrType; id: string; index: string; page?: number | undefined },
      publicUrl: string,
    ): Promise<string> {
      if (q.index !== QR_INDEX[q.type]) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      await existing(refOf(q.index, q.id));
      return shareLink(publicUrl, q.type, q.id, q.index, q.page);
    },

    /**
     * The file an Office viewer converts: the analysis's own file, or one of its related files
     * when `url` names one (any other url is "not found": nothing outside the analysis is read).
     */
    async officeFileUrl(q: { detail_id: string; url?: string | undefined }, user: AuthUser): Promise<string> {
      const files = await service.viewableAnalysis(q.detail_id, user);
      if (q.url !== undefined && q.url !== '') {
        // The viewer sends back the signed URL the detail page handed out.
        const url = unsignedFileUrl(q.url);
        if (url !== files.url && !files.quotes.some((f) => f.url === url)) {
          throw AppError.notFound(MSG.contentNotFound);
        }
        return url;
      }
      if (files.url === '') {
        throw AppError.notice(MSG.officeFileMissing);
      }
      return files.url;
    },

    /** An analysis the user may view, with its files (Office viewers, classifier). */
    async viewableAnalysis(id: string, user: AuthUser): Promise<AnalysisFiles> {
      const ref: ContentRef = { type: 'insight', id: Number(id) };
      await viewable(ref, user);
      const files = await content.analysisFiles(ref.id);
      if (!files) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      return files;
    },
  };
  return service;
}
