import type { TAdminContentRow } from '@portal/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ContentTable } from '../../components/ContentTable.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { GrantsDrawer } from './GrantsDrawer.tsx';

/** 内容管理 / 洞察专题: the topics table, and per topic its restricted flag and grants. */
export function AnalysesSection() {
  const [granting, setGranting] = useState<TAdminContentRow | null>(null);
  return (
    <SectionCard title={ADMIN_TEXT.analyses}>
      <ContentTable
        type="analysis"
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setGranting(row)}>
            {ADMIN_TEXT.grantsAction}
          </Button>
        )}
      />
      <GrantsDrawer row={granting} onClose={() => setGranting(null)} />
    </SectionCard>
  );
}
