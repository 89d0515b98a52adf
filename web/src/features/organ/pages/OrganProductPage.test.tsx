import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { TProductDetail } from '@portal/contract';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { OrganProductPage } from './OrganProductPage.tsx';

const product = (isAuthorize: number): TProductDetail => ({
  product_id: '4',
  company_id: '2',
  title: '麒麟电池',
  cover: '',
  create_time: '2026-11-01 10:00:00',
  company_name: '宁德时代',
  company_logo: '',
  is_certification: 1,
  is_authorize: isAuthorize,
  content: '<p>第三代CTP技术</p>',
  meterials: [],
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string, isAuthorize: number) {
  stubFetch((call) => {
    if (call.url.pathname === '/api/company/product/detail') {
      return ok(product(isAuthorize));
    }
    return ok({ data: [], total_size: 0, page: 1, page_size: 8 });
  });
  renderWithQuery(
    <Routes>
      <Route path="/organ/organProduct/:product_id" element={<OrganProductPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    path,
  );
}

beforeEach(() => {
  sessionStore.reset('token-1');
  window.innerWidth = 1440;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrganProductPage', () => {
  it('sends a user without authorization to collect_404 when the link requires it', async () => {
    renderAt('/organ/organProduct/4?product_id=4&company_id=2&authorization_required=1', 0);
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/self/collect_404?tips=${encodeURIComponent('本页面需要授权才能访问')}`,
    );
  });

  it('shows the product when the user is authorised or the link does not require it', async () => {
    renderAt('/organ/organProduct/4?product_id=4&company_id=2&authorization_required=1', 1);
    expect(await screen.findByRole('heading', { name: '麒麟电池', level: 1 })).toBeTruthy();
    cleanup();
    renderAt('/organ/organProduct/4?product_id=4&company_id=2', 0);
    expect(await screen.findByRole('heading', { name: '麒麟电池', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取更多信息' })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
