import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { ADMIN_TEXT } from '../texts.ts';

/** 管理后台 (/admin, role 2 only). A placeholder until this capability is built. */
export function AdminPage() {
  return <PagePlaceholder title={ADMIN_TEXT.title} />;
}
