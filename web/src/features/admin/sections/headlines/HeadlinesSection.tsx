import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { ContentTable } from '../../components/ContentTable.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { HeadlineDrawer, type THeadlineTarget } from './HeadlineDrawer.tsx';

/** 内容管理 / 商业头条: the headlines table and the create / edit drawer. */
export function HeadlinesSection() {
  const [target, setTarget] = useState<THeadlineTarget | null>(null);
  return (
    <SectionCard title={ADMIN_TEXT.headlines}>
      <ContentTable
        type="headline"
        onEdit={(row) => setTarget({ mode: 'edit', row })}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create' })}>
            {ADMIN_TEXT.newHeadline}
          </Button>
        }
      />
      <HeadlineDrawer target={target} onClose={() => setTarget(null)} />
    </SectionCard>
  );
}
