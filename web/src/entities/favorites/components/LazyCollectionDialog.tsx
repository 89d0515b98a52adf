import { lazy, Suspense } from 'react';
import type { TCollectItem } from './CollectionDialog.tsx';

// The dialog (and its folder calls) loads on the first click of 收藏, never with a screen.
const CollectionDialog = lazy(async () => ({
  default: (await import('./CollectionDialog.tsx')).CollectionDialog,
}));

type TLazyCollectionDialogProps = {
  item: TCollectItem | null;
  onClose: () => void;
  onChange?: (favoriteStatus: number) => void;
};

/** The collection dialog for `item`, loaded on demand; nothing while `item` is null. */
export function LazyCollectionDialog({ item, onClose, onChange }: TLazyCollectionDialogProps) {
  if (!item) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <CollectionDialog item={item} onClose={onClose} onChange={onChange} />
    </Suspense>
  );
}
