import { ListPage } from '../../../components/ListPage.tsx';
import { MaterialFeed } from '../components/MaterialFeed.tsx';
import { MATERIAL_TEXT } from '../texts.ts';

/** 全部素材 (/all_material). */
export function AllMaterialPage() {
  return (
    <ListPage title={MATERIAL_TEXT.allTitle}>
      <MaterialFeed />
    </ListPage>
  );
}
