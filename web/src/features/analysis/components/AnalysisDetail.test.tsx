import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, act } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { analysisSource, detailReply } from '../../../test/detailReplies.ts';
import { ok, stubFetch, type TStubCall, type TStubReply } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { AnalysisDetail } from './AnalysisDetail.tsx';
import { DashboardFrame } from './viewers/DashboardFrame.tsx';

const PATH = '/analysis/analysis_details/7?id=7&index=portal_insight&anal_type=excel';

function renderAnalysis(reply: TStubReply, handler?: (call: TStubCall) => TStubReply | undefined) {
  const calls = stubFetch((call) => {
    const custom = handler?.(call);
    if (custom) {
      return custom;
    }
    if (call.url.pathname === '/api/detail') {
      return reply;
    }
    if (call.url.pathname === '/api/recommend') {
      return ok([]);
    }
    return ok(null);
  });
  renderWithQuery(
    <Routes>
      <Route path="/analysis/analysis_details/:id" element={<AnalysisDetail />} />
    </Routes>,
    PATH,
  );
  return calls;
}

let notices: string[] = [];
let restore: () => void = () => {};
beforeEach(() => {
  notices = [];
  restore = setNotifier((_kind, message) => notices.push(message));
  sessionStore.reset('token-1');
});
afterEach(() => {
  cleanup();
  restore();
  vi.unstubAllGlobals();
});

describe('AnalysisDetail viewers', () => {
  it('shows excel sheets as tabs with a table each', async () => {
    const calls = renderAnalysis(ok(detailReply(analysisSource(), 'portal_insight')), (call) =>
      call.url.pathname === '/api/insight_topic/file/sheets'
        ? ok({
            sheets: [
              {
                name: '销量',
                rows: [
                  ['月份', '销量'],
                  ['1月', '120'],
                ],
              },
              { name: '渠道', rows: [['渠道'], ['线上']] },
            ],
          })
        : undefined,
    );
    expect(await screen.findByRole('tab', { name: '销量' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '月份' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '120' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '渠道' }));
    expect(screen.getByRole('cell', { name: '线上' })).toBeTruthy();
    expect(
      calls
        .find((call) => call.url.pathname === '/api/insight_topic/file/sheets')
        ?.url.searchParams.get('detail_id'),
    ).toBe('7');
    expect(document.querySelector('[data-viewer]')?.getAttribute('data-viewer')).toBe('excel');
  });

  it('shows the xls refusal as an alert inside the viewer', async () => {
    renderAnalysis(ok(detailReply(analysisSource(), 'portal_insight')), (call) =>
      call.url.pathname === '/api/insight_topic/file/sheets'
        ? { body: { code: -1, message: MSG.xlsUnsupported, data: null } }
        : undefined,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.xlsUnsupported);
  });

  it('shows an unconfigured Tableau as a notice in the viewer, not only a toast', async () => {
    const source = analysisSource({
      anal_data_ext: 'tableau',
      anal_data_info: {
        url: 'https://tableau.example.com',
        work_book: 'sales/overview',
        tab_visible: false,
        tool_bar_visible: true,
      },
    });
    renderAnalysis(ok(detailReply(source, 'portal_insight')), (call) =>
      call.url.pathname === '/api/getTableau'
        ? { body: { code: -1, message: MSG.tableauNotConfigured, data: null } }
        : undefined,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.tableauNotConfigured);
    expect(notices).toEqual([]);
  });

  it('embeds Tableau with its trusted ticket', async () => {
    const source = analysisSource({
      anal_data_ext: 'tableau',
      anal_data_info: {
        url: 'https://tableau.example.com/',
        work_book: 'sales/overview',
        tab_visible: false,
        tool_bar_visible: true,
      },
    });
    renderAnalysis(ok(detailReply(source, 'portal_insight')), (call) =>
      call.url.pathname === '/api/getTableau' ? ok({ response: { ticket: 'T-1' } }) : undefined,
    );
    const frame = await screen.findByTitle('数据看板');
    expect(frame.getAttribute('src')).toBe(
      'https://tableau.example.com/trusted/T-1/views/sales/overview?%3Aembed=yes&%3Atabs=no&%3Atoolbar=yes',
    );
  });

  it('embeds QuickBI with its access token', async () => {
    const source = analysisSource({
      anal_data_ext: 'quickbi',
      anal_data_info: {
        url: 'https://bi.example.com/token3rd/dashboard/view/pc.htm?pageId=p1',
        work_book: '',
        tab_visible: true,
        tool_bar_visible: true,
      },
    });
    renderAnalysis(ok(detailReply(source, 'portal_insight')), (call) =>
      call.url.pathname === '/api/insight_topic/quickBI/token'
        ? ok({ access_token: 'A-1', invalid_time: 0 })
        : undefined,
    );
    const frame = await screen.findByTitle('数据看板');
    expect(frame.getAttribute('src')).toBe(
      'https://bi.example.com/token3rd/dashboard/view/pc.htm?pageId=p1&accessToken=A-1',
    );
  });

  it('says so when a Power BI analysis has no embed URL', async () => {
    renderAnalysis(ok(detailReply(analysisSource({ anal_data_ext: 'powerbi' }), 'portal_insight')));
    expect((await screen.findByRole('alert')).textContent).toContain('未配置看板地址');
  });

  it('shows the word file in a sandboxed frame without script permission', async () => {
    renderAnalysis(ok(detailReply(analysisSource({ anal_data_ext: 'word' }), 'portal_insight')), (call) =>
      call.url.pathname === '/api/insight_topic/file/html' ? ok({ html: '<p>文档</p>' }) : undefined,
    );
    const frame = await screen.findByTitle('文档内容');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain('<p>文档</p>');
  });

  it('shows 暂无查看权限 on code 1001', async () => {
    renderAnalysis({ body: { code: 1001, message: MSG.noPermission, data: null } });
    expect(await screen.findByRole('heading', { name: MSG.noPermission })).toBeTruthy();
  });

  it('switches the shortcut label after create and delete', async () => {
    const calls = renderAnalysis(ok(detailReply(analysisSource(), 'portal_insight')), (call) =>
      call.url.pathname === '/api/insight_topic/file/sheets' ? ok({ sheets: [] }) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: '添加快捷方式' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消快捷方式' }));
    await screen.findByRole('button', { name: '添加快捷方式' });
    expect(
      calls
        .filter((call) => call.url.pathname.startsWith('/api/insight_topic/shortcut'))
        .map((call) => [call.url.pathname, call.body]),
    ).toEqual([
      [
        '/api/insight_topic/shortcut/create',
        { id: '7', title: '用户画像分析', index: 'portal_insight', anal_type: 'excel' },
      ],
      ['/api/insight_topic/shortcut/delete', { id: '7', index: 'portal_insight' }],
    ]);
  });
});

describe('image classifier', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  it('classifies an image and filters the results by the threshold', async () => {
    const calls = renderAnalysis(
      ok(detailReply(analysisSource({ anal_data_ext: 'baidu_ai' }), 'portal_insight')),
      (call) =>
        call.url.pathname === '/api/baidu/bml/image/classfication'
          ? ok({
              results: [
                { name: '猫', score: 0.9 },
                { name: '狗', score: 0.3 },
                { name: '兔', score: 0.07 },
              ],
            })
          : undefined,
    );
    const input = await screen.findByLabelText('选择图片');
    fireEvent.change(input, { target: { files: [new File([PNG], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('cell', { name: '猫' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '兔' })).toBeTruthy();
    const upload = calls.find((call) => call.url.pathname === '/api/baidu/bml/image/classfication');
    expect(upload?.url.searchParams.get('detail_id')).toBe('7');

    const slider = screen.getByRole('slider', { name: '阈值' });
    fireEvent.change(slider, { target: { value: '0.07' } });
    expect(screen.getByRole('cell', { name: '兔' })).toBeTruthy();
    fireEvent.change(slider, { target: { value: '0.5' } });
    expect(screen.getByRole('cell', { name: '猫' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: '狗' })).toBeNull();
    expect(screen.queryByRole('cell', { name: '兔' })).toBeNull();
  });

  it('refuses a file that is not an image by its bytes, before uploading', async () => {
    const calls = renderAnalysis(
      ok(detailReply(analysisSource({ anal_data_ext: 'baidu_ai' }), 'portal_insight')),
    );
    const input = await screen.findByLabelText('选择图片');
    fireEvent.change(input, {
      target: { files: [new File(['not an image'], 'fake.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(notices).toEqual([MSG.uploadFailed]));
    expect(calls.some((call) => call.url.pathname === '/api/baidu/bml/image/classfication')).toBe(false);
  });

  it('shows the model service refusal in the viewer', async () => {
    renderAnalysis(
      ok(detailReply(analysisSource({ anal_data_ext: 'baidu_ai' }), 'portal_insight')),
      (call) =>
        call.url.pathname === '/api/baidu/bml/image/classfication'
          ? { body: { code: -1, message: MSG.classifierNotConfigured, data: null } }
          : undefined,
    );
    const input = await screen.findByLabelText('选择图片');
    fireEvent.change(input, { target: { files: [new File([PNG], 'a.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.classifierNotConfigured);
  });
});

describe('DashboardFrame', () => {
  it('takes height messages from the dashboard origin only', () => {
    render(<DashboardFrame src="https://bi.example.com/view?id=1" />);
    const frame = screen.getByTitle('数据看板');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: 'https://evil.example.net', data: { height: 1500 } }),
      );
    });
    expect(frame.style.height).toBe('');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: 'https://bi.example.com', data: { height: 1500 } }),
      );
    });
    expect(frame.style.height).toBe('1500px');
  });
});
