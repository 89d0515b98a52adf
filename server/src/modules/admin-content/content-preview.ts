import { MSG, type TAdminContentType, type TAdminPreviewReply, type TPublishStatus } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { ContentCatalogue } from '../content/content.service.ts';
import { indexOfContentType } from '../content/content-types.ts';
import { signedDetailSource } from '../detail/signed-source.ts';
import type { FileUrls } from '../files/signed-url.ts';
import type { AdminContentRepo } from './admin-content.repo.ts';
import { INDEX_TYPE } from './admin-types.ts';

/**
 * The back-office's preview: an item exactly as its detail page would show it (the same
 * mapping, files signed as for a permitted reader), whatever its publish state. Only this admin
 * route reads unpublished items; `/api/detail` keeps answering 404 for them. No view is counted.
 */
export async function previewContent(
  deps: { repo: AdminContentRepo; content: ContentCatalogue; fileUrls: FileUrls },
  type: TAdminContentType,
  id: number,
  organDetailMenu: number,
): Promise<TAdminPreviewReply> {
  const ref = { type: INDEX_TYPE[type], id };
  const [state, item] = await Promise.all([deps.repo.state(type, id), deps.content.previewDetail(ref)]);
  if (!state || !item) {
    throw AppError.notFound(MSG.contentNotFound);
  }
  return {
    detail_info: {
      _id: String(id),
      _index: indexOfContentType(ref.type),
      _source: signedDetailSource(ref.type, item.source, deps.fileUrls),
    },
    favorite_status: 0,
    insight_topic_shortcut_status: 0,
    usefulness_status: 0,
    organ_detail_menu: organDetailMenu,
    is_login: true,
    status: state.status satisfies TPublishStatus,
  };
}
