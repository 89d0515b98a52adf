import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TAdminContentRow } from '@portal/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { adminKeys } from '../../api.ts';
import { ContentTable } from '../../components/ContentTable.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { ReportEditDrawer } from './ReportEditDrawer.tsx';
import { UploadPanel } from './upload/UploadPanel.tsx';

/** 内容管理 / 报告: the reports table, PDF upload with per-file progress, and the metadata editor. */
export function ReportsSection() {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<TAdminContentRow | null>(null);
  return (
    <SectionCard title={ADMIN_TEXT.reports}>
      <ContentTable
        type="report"
        onEdit={setEditing}
        toolbar={
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {ADMIN_TEXT.uploadReports}
          </Button>
        }
      />
      <UploadPanel
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={() => void queryClient.invalidateQueries({ queryKey: adminKeys.content('report') })}
      />
      <ReportEditDrawer row={editing} onClose={() => setEditing(null)} />
    </SectionCard>
  );
}
