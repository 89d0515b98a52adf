import { createPortal } from 'react-dom';
import { CollectionDialog, type TCollectItem } from './CollectionDialog.tsx';

/**
 * The collection dialog opened from a content card. A card is a transformed, clipped box, which
 * would trap a fixed-position dialog inside it, so the dialog goes to <body>. The portal lives
 * in this lazy chunk, not in every list screen.
 */
export function CardCollectDialog(props: {
  item: TCollectItem;
  onClose: () => void;
  onChange: (favoriteStatus: number) => void;
}) {
  return createPortal(<CollectionDialog {...props} />, document.body);
}
