import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TFolder, TSearchHit } from '@portal/contract';
import { MSG, STATIC_ROUTES } from '@portal/contract';
import { ApiError } from '../../../api/client.ts';
import { notify } from '../../../api/notify.ts';
import { ContentCard } from '../../../entities/content/components/ContentCard.tsx';
import { ContentList } from '../../../components/ContentList.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { favoriteKeys, setFavorite } from '../../../entities/favorites/api.ts';
import { PRIORITY_COVER_COUNT, firstScreenCovers } from '../../../entities/content/priorityCovers.ts';
import { FAVORITES_TEXT } from '../../../entities/favorites/texts.ts';
import { useFolderItems } from '../useFavoriteQueries.ts';
import '../favorites.css';

// The edit dialog loads on the first click of 编辑收藏夹.
const FolderFormDialog = lazy(async () => ({
  default: (await import('../components/FolderFormDialog.tsx')).FolderFormDialog,
}));

/** A refusal from the server (no such folder, not yours, a bad id), as opposed to a failed request. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

function FolderHead({ folder, onEdit }: { folder: TFolder; onEdit: () => void }) {
  return (
    <header className="folder-head">
      <div className="folder-head__info">
        <h1 className="folder-head__title">{folder.name}</h1>
        {folder.remark && <p className="folder-head__remark">{folder.remark}</p>}
        <p className="folder-head__meta">
          <span>{FAVORITES_TEXT.itemCount(folder.count)}</span>
          <span>{FAVORITES_TEXT.createdAt(folder.create_time)}</span>
          <span>{FAVORITES_TEXT.updatedAt(folder.update_time)}</span>
        </p>
      </div>
      <div className="folder-head__actions">
        {folder.is_default !== 1 && (
          <button type="button" className="fav-btn" onClick={onEdit}>
            {FAVORITES_TEXT.editFolder}
          </button>
        )}
        <Link className="fav-btn" to="/collection">
          {FAVORITES_TEXT.backToCollection}
        </Link>
      </div>
    </header>
  );
}

/** The head's shape for the loading state: the built-in folder's (everyone's first; one button). */
const PENDING_FOLDER: TFolder = {
  id: 0,
  name: '\u00a0',
  remark: '',
  count: 0,
  create_time: '2026-01-01 00:00:00',
  update_time: '2026-01-01 00:00:00',
  is_favorite: 0,
  is_default: 1,
};

/**
 * 收藏夹详情 (/collection/collection_details/:id, /self/collection_details/:id): the folder's items
 * with 移出收藏夹, and editing the folder. A folder that is missing or not the user's goes to
 * /self/collect_404 with the reason; a failed request shows 没有找到相关结果.
 */
export function CollectionDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useFolderItems(id);
  const [editing, setEditing] = useState(false);
  const folder = query.data?.pages[0]?.folder;
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const refused = query.isError && isRefusal(query.error);
  // The first screen's covers come with the HTML, not lazily: the largest paint is one of them.
  const firstPage = query.data?.pages[0];
  const covers = useMemo(() => firstScreenCovers(firstPage?.data ?? [], PRIORITY_COVER_COUNT), [firstPage]);

  useEffect(() => {
    if (!refused) {
      return;
    }
    const tips = query.error instanceof Error ? query.error.message : MSG.folderNotFound;
    void navigate(`${STATIC_ROUTES.collect404.path}?${new URLSearchParams({ tips }).toString()}`, {
      replace: true,
    });
  }, [refused, query.error, navigate]);

  const remove = async (hit: TSearchHit) => {
    if (!folder) {
      return;
    }
    try {
      await setFavorite(folder.id, { id: hit._id, index: hit._index }, 0);
      notify.success(MSG.unfavorited);
      await queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
    } catch {
      // Shown by the client.
    }
  };

  if (query.isError && !query.data) {
    return (
      <ListPage title={FAVORITES_TEXT.detailsTitle}>{!refused && <EmptyState kind="noResults" />}</ListPage>
    );
  }
  return (
    <ListPage title={folder?.name ?? FAVORITES_TEXT.detailsTitle} ownHeading>
      {folder && <FolderHead folder={folder} onEdit={() => setEditing(true)} />}
      {query.isPending && (
        // The head comes with the first page: its shape holds the place so the list does not move.
        <div className="content-list__pending-notice" aria-hidden="true" inert>
          <FolderHead folder={PENDING_FOLDER} onEdit={() => undefined} />
        </div>
      )}
      <ContentList
        tabs={[]}
        activeTab=""
        onTabChange={() => undefined}
        sorts={[]}
        activeSort=""
        onSortChange={() => undefined}
        items={items}
        getKey={(h) => `${h._index}:${h._id}`}
        renderItem={(h) => (
          <div className="fav-item">
            <ContentCard hit={h} cover={covers.get(h)} />
            <button
              type="button"
              className="fav-btn fav-btn--small"
              onClick={() => void remove(h)}
              aria-label={`${FAVORITES_TEXT.remove} ${h._source.title}`}
            >
              {FAVORITES_TEXT.remove}
            </button>
          </div>
        )}
        status={query.isPending ? 'loading' : 'ready'}
        hasMore={query.hasNextPage && !query.isFetchNextPageError}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        label={FAVORITES_TEXT.itemsList}
      />
      {editing && folder && (
        <Suspense fallback={null}>
          <FolderFormDialog
            folder={folder}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
            }}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
