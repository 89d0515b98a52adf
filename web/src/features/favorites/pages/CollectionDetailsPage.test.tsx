import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { CollectionDetailsPage } from './CollectionDetailsPage.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(reply: { status: number; body: unknown } | Error) {
  stubFetch(() => reply);
  renderWithQuery(
    <Routes>
      <Route path="/collection/collection_details/:id" element={<CollectionDetailsPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    '/collection/collection_details/9',
  );
}

beforeEach(() => {
  setNotifier(() => undefined);
  sessionStore.reset('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CollectionDetailsPage', () => {
  it('sends a missing or foreign folder to collect_404 with the reason', async () => {
    renderAt({ status: 404, body: { code: -1, message: MSG.folderNotFound, data: null } });
    const where = await screen.findByTestId('where');
    expect(where.textContent).toBe(`/self/collect_404?tips=${encodeURIComponent(MSG.folderNotFound)}`);
  });

  it('shows 没有找到相关结果 when the request fails', async () => {
    renderAt(new TypeError('network down'));
    await screen.findByText(MSG.noResults);
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
