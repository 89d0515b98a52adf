import type { TPublishStatus } from '@portal/contract';
import { Tag } from 'antd';
import { ADMIN_TEXT } from '../texts.ts';

const COLORS: Record<TPublishStatus, string> = {
  draft: 'default',
  published: 'success',
  unpublished: 'warning',
};

/** 草稿 / 已发布 / 已下架. */
export function StatusTag({ status }: { status: TPublishStatus }) {
  return <Tag color={COLORS[status]}>{ADMIN_TEXT.statusLabel[status]}</Tag>;
}
