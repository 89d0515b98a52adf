import { validateAdminShortText, validateAdminTitle, type TAdminContentRow } from '@portal/contract';
import { useState } from 'react';
import { adminApi } from '../api.ts';
import { ContentTable } from '../components/ContentTable.tsx';
import { FieldsEditDrawer, type TEditField } from '../components/FieldsEditDrawer.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { ADMIN_TEXT } from '../texts.ts';
import { MaterialFileDrawer } from './materials/MaterialFileDrawer.tsx';

const MATERIAL_FIELDS: readonly TEditField[] = [
  { name: 'title', label: ADMIN_TEXT.fieldTitle, validate: validateAdminTitle },
  { name: 'category', label: ADMIN_TEXT.fieldCategory, validate: validateAdminShortText },
  { name: 'parent_brand', label: ADMIN_TEXT.fieldParentBrand, validate: validateAdminShortText },
  { name: 'product_brand', label: ADMIN_TEXT.fieldProductBrand, validate: validateAdminShortText },
  { name: 'style_type', label: ADMIN_TEXT.fieldStyleType, validate: validateAdminShortText },
  { name: 'channel', label: ADMIN_TEXT.fieldChannel, validate: validateAdminShortText },
];

/** 内容管理 / 素材: the materials table, the attributes editor and the picture or video (文件). */
export function MaterialsSection() {
  const [editing, setEditing] = useState<TAdminContentRow | null>(null);
  const [filing, setFiling] = useState<TAdminContentRow | null>(null);
  return (
    <SectionCard title={ADMIN_TEXT.materials}>
      <ContentTable
        type="material"
        onEdit={setEditing}
        rowActions={[{ key: 'file', label: ADMIN_TEXT.materialFileAction, onClick: setFiling }]}
      />
      <MaterialFileDrawer row={filing} onClose={() => setFiling(null)} />
      <FieldsEditDrawer
        type="material"
        title={ADMIN_TEXT.editMaterial}
        fields={MATERIAL_FIELDS}
        row={editing}
        onClose={() => setEditing(null)}
        save={(id, values, version) =>
          adminApi.updateMaterial(id, {
            title: values.title ?? '',
            category: values.category ?? '',
            parent_brand: values.parent_brand ?? '',
            product_brand: values.product_brand ?? '',
            style_type: values.style_type ?? '',
            channel: values.channel ?? '',
            version,
          })
        }
      />
    </SectionCard>
  );
}
