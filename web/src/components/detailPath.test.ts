import { describe, expect, it } from 'vitest';
import { reportHit } from '../test/searchHits.ts';
import { detailPath } from './detailPath.ts';

const hit = (index: string, anal?: string) => {
  const base = reportHit(7);
  return { ...base, _index: index, _source: { ...base._source, anal_data_ext: anal } };
};

describe('detailPath', () => {
  it('opens each content type on its detail route (spec §2)', () => {
    expect(detailPath(hit('portal_report'))).toBe('/report/report_details/7?id=7&index=portal_report');
    expect(detailPath(hit('portal_business'))).toBe(
      '/headlines/headlines_details/7?id=7&index=portal_business',
    );
    expect(detailPath(hit('portal_insight', 'tableau'))).toBe(
      '/analysis/analysis_details/7?id=7&index=portal_insight&anal_type=tableau',
    );
    expect(detailPath(hit('mockup_open_screen'))).toBe(
      '/material/material_details/7?id=7&index=mockup_open_screen',
    );
    expect(detailPath(hit('mockup_open_screen_analysis'))).toBe(
      '/material/material_details/7?id=7&index=mockup_open_screen_analysis',
    );
    expect(detailPath(hit('dev_portal_report'))).toBe(
      '/report/report_details/7?id=7&index=dev_portal_report',
    );
    expect(detailPath(hit('portal_organisation'))).toBe('/organ/organDetail/7');
    expect(detailPath(hit('unknown'))).toBeNull();
  });
});
