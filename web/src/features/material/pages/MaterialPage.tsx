import { ListPage } from '../../../components/ListPage.tsx';
import { MaterialFeed } from '../components/MaterialFeed.tsx';
import { MATERIAL_TEXT } from '../texts.ts';

/** 素材列表 (/material). */
export function MaterialPage() {
  return (
    <ListPage title={MATERIAL_TEXT.listTitle}>
      <MaterialFeed />
    </ListPage>
  );
}
