import type { TAdminContentRow } from '@portal/contract';
import { useState } from 'react';
import { adminApi } from '../../api.ts';
import { ContentTable } from '../../components/ContentTable.tsx';
import { FieldsEditDrawer } from '../../components/FieldsEditDrawer.tsx';
import { GrantsDrawer } from '../../components/GrantsDrawer.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { ANALYSIS_FIELDS } from './analysisFields.ts';
import { ViewerDrawer } from './ViewerDrawer.tsx';

/**
 * 内容管理 / 洞察专题: the topics table, the text editor, per topic its viewer settings and files
 * (查看与文件), and its restricted flag and grants.
 */
export function AnalysesSection() {
  const [granting, setGranting] = useState<TAdminContentRow | null>(null);
  const [editing, setEditing] = useState<TAdminContentRow | null>(null);
  const [viewing, setViewing] = useState<TAdminContentRow | null>(null);
  return (
    <SectionCard title={ADMIN_TEXT.analyses}>
      <ContentTable
        type="analysis"
        onEdit={setEditing}
        rowActions={[
          { key: 'viewer', label: ADMIN_TEXT.viewerAction, onClick: setViewing },
          { key: 'grants', label: ADMIN_TEXT.grantsAction, onClick: setGranting },
        ]}
      />
      <GrantsDrawer kind="analyses" row={granting} onClose={() => setGranting(null)} />
      <ViewerDrawer row={viewing} onClose={() => setViewing(null)} />
      <FieldsEditDrawer
        type="analysis"
        title={ADMIN_TEXT.editAnalysis}
        fields={ANALYSIS_FIELDS}
        row={editing}
        onClose={() => setEditing(null)}
        save={(id, values, version) =>
          adminApi.updateAnalysis(id, {
            title: values.title ?? '',
            creator: values.creator ?? '',
            description: values.description ?? '',
            version,
          })
        }
      />
    </SectionCard>
  );
}
