import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { TAdminContentRow } from '@portal/contract';
import { ContentTable } from '../../components/ContentTable.tsx';
import { GrantsDrawer } from '../../components/GrantsDrawer.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { HeadlineDrawer, type THeadlineTarget } from './HeadlineDrawer.tsx';

/** 内容管理 / 商业头条: the headlines table, the create / edit drawer, and per headline its restricted flag and grants (授权). */
export function HeadlinesSection() {
  const [target, setTarget] = useState<THeadlineTarget | null>(null);
  const [granting, setGranting] = useState<TAdminContentRow | null>(null);
  return (
    <SectionCard title={ADMIN_TEXT.headlines}>
      <ContentTable
        type="headline"
        onEdit={(row) => setTarget({ mode: 'edit', row })}
        rowActions={[{ key: 'grants', label: ADMIN_TEXT.grantsAction, onClick: setGranting }]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create' })}>
            {ADMIN_TEXT.newHeadline}
          </Button>
        }
      />
      <HeadlineDrawer target={target} onClose={() => setTarget(null)} />
      <GrantsDrawer kind="headlines" row={granting} onClose={() => setGranting(null)} />
    </SectionCard>
  );
}
