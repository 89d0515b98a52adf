import { Link } from 'react-router';
import type { TFolder } from '@portal/contract';
import { FAVORITES_TEXT } from '../../../entities/favorites/texts.ts';

type TFolderCardProps = {
  folder: TFolder;
  onEdit: (folder: TFolder) => void;
  onDelete: (folder: TFolder) => void;
};

/** A folder on the 收藏夹 tab: name, description, item count and times; the built-in one has no edit or delete. */
export function FolderCard({ folder, onEdit, onDelete }: TFolderCardProps) {
  const editable = folder.is_default !== 1;
  return (
    <article className={`folder-card${editable ? ' folder-card--editable' : ''}`} aria-label={folder.name}>
      <h2 className="folder-card__name">
        <Link className="folder-card__link" to={`/collection/collection_details/${folder.id}`}>
          {folder.name}
        </Link>
        {!editable && <span className="folder-card__badge">{FAVORITES_TEXT.builtIn}</span>}
      </h2>
      {folder.remark && <p className="folder-card__remark">{folder.remark}</p>}
      <p className="folder-card__count">{FAVORITES_TEXT.itemCount(folder.count)}</p>
      <p className="folder-card__times">
        {FAVORITES_TEXT.createdAt(folder.create_time)}
        <br />
        {FAVORITES_TEXT.updatedAt(folder.update_time)}
      </p>
      {editable && (
        <div className="folder-card__actions">
          <button
            type="button"
            className="fav-btn fav-btn--small"
            onClick={() => onEdit(folder)}
            aria-label={`${FAVORITES_TEXT.edit} ${folder.name}`}
          >
            {FAVORITES_TEXT.edit}
          </button>
          <button
            type="button"
            className="fav-btn fav-btn--small"
            onClick={() => onDelete(folder)}
            aria-label={`${FAVORITES_TEXT.delete} ${folder.name}`}
          >
            {FAVORITES_TEXT.delete}
          </button>
        </div>
      )}
    </article>
  );
}
