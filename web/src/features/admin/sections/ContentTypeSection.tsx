import type { TAdminContentType } from '@portal/contract';
import { ContentTable } from '../components/ContentTable.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { ADMIN_TEXT } from '../texts.ts';

/** Sections whose items are listed, published, taken down and deleted here (editors come later). */
function section(type: TAdminContentType, title: string) {
  return function Section() {
    return (
      <SectionCard title={title}>
        <ContentTable type={type} />
      </SectionCard>
    );
  };
}

/** 内容管理 / 素材. */
export const MaterialsSection = section('material', ADMIN_TEXT.materials);
