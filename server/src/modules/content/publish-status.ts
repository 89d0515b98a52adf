import type { TPublishStatus } from '@portal/contract';

/**
 * The one status users see (migration 2026112502). Drafts and unpublished rows stay in their
 * tables — favourites and notes keep pointing at them — but every user read filters on this,
 * and they have no search document.
 */
export const PUBLISHED = 'published' satisfies TPublishStatus;
