import { describe, expect, it } from 'vitest';
import type { TRelatedContent } from '@portal/contract';
import {
  formatDuration,
  mustLeaveProductPage,
  needsConsent,
  organPaths,
  relatedContentPath,
} from './organPaths.ts';
import { organListPageSize } from './organListPageSize.ts';

const item = (extra: Partial<TRelatedContent> = {}): TRelatedContent => ({
  content_id: '31',
  product_id: '4',
  company_id: '2',
  type: 2,
  title: '发布会回顾',
  cover: '',
  create_time: '2026-11-01 10:00:00',
  video_duration: 125,
  authorization_required: 1,
  detail_id: '',
  ...extra,
});

describe('organ paths and rules', () => {
  it('sends is_authorize 0 with authorization_required "1" to collect_404, nothing else', () => {
    expect(mustLeaveProductPage(0, '1')).toBe(true);
    expect(mustLeaveProductPage(1, '1')).toBe(false);
    expect(mustLeaveProductPage(0, '0')).toBe(false);
    expect(mustLeaveProductPage(0, null)).toBe(false);
    expect(organPaths.needAuthorization()).toBe(
      `/self/collect_404?tips=${encodeURIComponent('本页面需要授权才能访问')}`,
    );
  });

  it('asks for consent only when content requires it and is_authorize is not 1', () => {
    expect(needsConsent(item(), 0)).toBe(true);
    expect(needsConsent(item(), 2)).toBe(true);
    expect(needsConsent(item(), 1)).toBe(false);
    expect(needsConsent(item({ authorization_required: 0 }), 0)).toBe(false);
  });

  it('opens videos on the relation page and reports on the report page', () => {
    expect(relatedContentPath(item())).toBe(
      '/organ/organRelation/31?product_id=4&company_id=2&authorization_required=1',
    );
    expect(relatedContentPath(item({ type: 1, detail_id: '9' }))).toBe(
      '/report/report_details/9?id=9&index=portal_report',
    );
    expect(organPaths.product('4', '2')).toBe('/organ/organProduct/4?product_id=4&company_id=2');
    expect(organPaths.product('4', '2', 1)).toBe(
      '/organ/organProduct/4?product_id=4&company_id=2&authorization_required=1',
    );
  });

  it('formats video lengths', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(125)).toBe('02:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('asks for 30 organisations when the grid has 5 or 6 columns, else 24', () => {
    expect(organListPageSize(1980)).toBe(30);
    expect(organListPageSize(1700)).toBe(30);
    expect(organListPageSize(1440)).toBe(24);
    expect(organListPageSize(1200)).toBe(24);
    expect(organListPageSize(390)).toBe(24);
  });
});
