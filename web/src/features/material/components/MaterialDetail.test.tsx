import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { TMaterialSource } from '@portal/contract';
import { detailReply } from '../../../test/detailReplies.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { MaterialDetail } from './MaterialDetail.tsx';

const VIDEO: TMaterialSource = {
  title: '新品首发短视频',
  material_type: 'video',
  url: '/files/m/9.mp4',
  cover: '/files/m/9.jpg',
  category: '短视频',
  open_screen_type: '',
  mockup_type: '手机',
  parent_brand: '飞鹤',
  product_brand: '星飞帆',
  person_type: '明星',
  person_star: '林一',
  style_type: '极简',
  first_exposure_time: '2026-11-16 03:31:56',
  channel: '应用开屏',
  is_have_activity: 1,
  duration: 30,
  analysis_info: [{ detail_id: '4', title: '咖啡茶饮消费人群画像' }],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MaterialDetail', () => {
  it('shows the video, the info list and links to the analyses that cite it', async () => {
    stubFetch((call) =>
      call.url.pathname === '/api/detail' ? ok(detailReply(VIDEO, 'mockup_open_screen')) : ok([]),
    );
    renderWithQuery(
      <Routes>
        <Route path="/material/material_details/:id" element={<MaterialDetail />} />
      </Routes>,
      '/material/material_details/9?id=9&index=mockup_open_screen',
    );
    expect(await screen.findByRole('heading', { name: '新品首发短视频' })).toBeTruthy();
    const video = document.querySelector('video');
    expect(video?.getAttribute('poster')).toBe('/files/m/9.jpg');
    expect(video?.hasAttribute('controls')).toBe(true);
    const terms = [...document.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual([
      '分类',
      '开屏类型',
      '样机类型',
      '母品牌',
      '产品品牌',
      '人物类型',
      '明星',
      '风格',
      '首次曝光时间',
      '渠道',
      '是否有活动',
    ]);
    const values = [...document.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(values.at(-1)).toBe('是');
    expect(screen.getByRole('link', { name: '咖啡茶饮消费人群画像' }).getAttribute('href')).toBe(
      '/analysis/analysis_details/4?id=4&index=portal_insight',
    );
  });
});
