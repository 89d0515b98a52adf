import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Role, type TViewerStatus } from '@portal/contract';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { analysisSource } from '../../../test/detailReplies.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { AnalysisViewer } from './AnalysisViewer.tsx';

const POWER_BI = 'https://app.powerbi.example.com/reportEmbed?reportId=1';
const notConnected: TViewerStatus = {
  viewer: 'powerbi',
  configured: false,
  missing: ['DASHBOARD_ORIGINS'],
  origin: 'https://app.powerbi.example.com',
};

function renderPowerBi(status: TViewerStatus) {
  const calls = stubFetch(() => ok(status));
  renderWithQuery(
    <AnalysisViewer
      detailId="9"
      source={analysisSource({
        anal_data_ext: 'powerbi',
        anal_data_info: { ...analysisSource().anal_data_info, url: POWER_BI },
      })}
    />,
  );
  return calls;
}

beforeEach(() => sessionStore.reset('token-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AnalysisViewer for an outside service', () => {
  it('shows what the topic is, a picture and whom to ask when the service is not connected', async () => {
    const calls = renderPowerBi(notConnected);
    expect(await screen.findByRole('heading', { name: 'Power BI 报表尚未接入' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Power BI 报表示意图' })).toBeTruthy();
    expect(screen.getByText(/请联系管理员开通/)).toBeTruthy();
    expect(screen.queryByText(/DASHBOARD_ORIGINS/)).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(calls[0]?.url.pathname).toBe('/api/insight_topic/viewer/status');
    expect(calls[0]?.url.searchParams.get('detail_id')).toBe('9');
  });

  it('tells an admin which setting to make, with the value', async () => {
    sessionStore.set({ roles: [Role.user, Role.admin] });
    renderPowerBi(notConnected);
    expect(await screen.findByText('DASHBOARD_ORIGINS=https://app.powerbi.example.com')).toBeTruthy();
    expect(screen.queryByText(/请联系管理员开通/)).toBeNull();
  });

  it('frames the dashboard when the service is connected', async () => {
    renderPowerBi({ ...notConnected, configured: true, missing: [] });
    expect(await screen.findByTitle('数据看板')).toBeTruthy();
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(POWER_BI);
    expect(screen.queryByRole('heading', { name: /尚未接入/ })).toBeNull();
  });
});
