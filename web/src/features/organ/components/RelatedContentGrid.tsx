import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TRelatedContent } from '@portal/contract';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { organKeys } from '../api.ts';
import { needsConsent, relatedContentPath } from '../organPaths.ts';
import { ORGAN_TEXT } from '../texts.ts';
import { ConsentDialog } from './ConsentDialog.tsx';
import { RelatedContentTile } from './RelatedContentTile.tsx';

type TRelatedContentGridProps = {
  items: readonly TRelatedContent[];
  companyId: string;
  organName: string;
  isAuthorize: number;
};

/**
 * Related content with the consent step of spec §4: an item that requires authorization, for a
 * user who has not consented, opens the consent dialog; agreeing records it and opens the item.
 */
export function RelatedContentGrid({ items, companyId, organName, isAuthorize }: TRelatedContentGridProps) {
  const [asking, setAsking] = useState<TRelatedContent | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (items.length === 0) {
    return <EmptyState />;
  }
  return (
    <>
      <CardGrid
        items={items}
        getKey={(item) => item.content_id}
        renderItem={(item) => (
          <RelatedContentTile item={item} askConsent={needsConsent(item, isAuthorize)} onAsk={setAsking} />
        )}
        label={ORGAN_TEXT.relatedContent}
      />
      <ConsentDialog
        open={asking !== null}
        companyId={companyId}
        organName={organName}
        onCancel={() => setAsking(null)}
        onAuthorized={() => {
          const item = asking;
          setAsking(null);
          void queryClient.invalidateQueries({ queryKey: organKeys.all });
          if (item) {
            void navigate(relatedContentPath(item));
          }
        }}
      />
    </>
  );
}
