import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { detailReply, headlineSource } from '../../../test/detailReplies.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { HeadlineDetail } from './HeadlineDetail.tsx';
import { SharedHeadline } from './SharedHeadline.tsx';

function renderAt(path: string, reply: unknown) {
  const calls = stubFetch((call) => {
    if (call.url.pathname === '/api/detail') {
      return reply as { body: unknown };
    }
    return ok([]);
  });
  renderWithQuery(
    <Routes>
      <Route path="/headlines_no_token/:id" element={<SharedHeadline />} />
      <Route path="/headlines/headlines_details/:id" element={<HeadlineDetail />} />
      <Route path="/login" element={<p>登录页</p>} />
    </Routes>,
    path,
  );
  return calls;
}

beforeEach(() => sessionStore.reset('token-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HeadlineDetail', () => {
  it('shows the headline with its body on the page, framed without scripts, and the source link', async () => {
    renderAt(
      '/headlines/headlines_details/7?id=7&index=portal_business',
      ok(
        detailReply(
          headlineSource({ content: '<p>正文<img src=x onerror=alert(1)></p>' }),
          'portal_business',
        ),
      ),
    );
    expect(await screen.findByRole('heading', { name: '某公司发布新品' })).toBeTruthy();
    expect(screen.getByText('头条摘要')).toBeTruthy();
    expect(screen.getByRole('img', { name: '扫码分享' }).getAttribute('src')).toContain(
      'type=wxqrcode_headline_detail',
    );
    expect(screen.queryByRole('button', { name: '查看详情' })).toBeNull();
    const body = screen.getByRole('region', { name: '头条正文' });
    const frame = body.querySelector('iframe');
    // Readable by the page so that it can be as tall as its text; never allowed to run script.
    expect(frame?.getAttribute('sandbox')).toBe(
      'allow-popups allow-popups-to-escape-sandbox allow-same-origin',
    );
    expect(frame?.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame?.getAttribute('srcdoc')).toContain("default-src 'none'");
    expect(frame?.getAttribute('srcdoc')).toContain('正文');
    const link = screen.getByRole('link', { name: '查看原文' });
    expect(link.getAttribute('href')).toBe('https://news.example.com/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows the summary once when the article opens with it', async () => {
    renderAt(
      '/headlines/headlines_details/7',
      ok(
        detailReply(
          headlineSource({
            description: '行业景气度较上季度明显回升，订单能见度延长。',
            content: '<p>行业景气度较上季度明显回升，&nbsp;订单能见度延长。</p><p>第二段。</p>',
          }),
          'portal_business',
        ),
      ),
    );
    const body = await screen.findByRole('region', { name: '头条正文' });
    expect(body.querySelector('iframe')?.getAttribute('srcdoc')).toContain('第二段');
    expect(screen.queryByText('行业景气度较上季度明显回升，订单能见度延长。')).toBeNull();
    cleanup();
    // A summary the article does not open with stays above it.
    renderAt(
      '/headlines/headlines_details/7',
      ok(
        detailReply(
          headlineSource({ description: '一句另写的摘要。', content: '<p>正文另起。</p>' }),
          'portal_business',
        ),
      ),
    );
    expect(await screen.findByText('一句另写的摘要。')).toBeTruthy();
  });

  it('leaves out a source link that is not http(s)', async () => {
    renderAt(
      '/headlines/headlines_details/7',
      ok(detailReply(headlineSource({ source_url: 'javascript:alert(1)' }), 'portal_business')),
    );
    await screen.findByRole('region', { name: '头条正文' });
    expect(screen.queryByRole('link', { name: '查看原文' })).toBeNull();
  });
});

describe('SharedHeadline', () => {
  it('shows logged-out visitors the reduced page with a login prompt', async () => {
    sessionStore.reset(null);
    const calls = renderAt(
      '/headlines_no_token/7',
      ok(detailReply(headlineSource({ content: '' }), 'portal_business', { is_login: false })),
    );
    expect(await screen.findByRole('heading', { name: '某公司发布新品' })).toBeTruthy();
    expect(screen.getByText('头条摘要')).toBeTruthy();
    expect(screen.getByText('登录后查看完整内容')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看详情' })).toBeNull();
    expect(calls[0]?.body).toEqual({ detail_id: '7', index: 'portal_business' });
    // The login returns to the full headline.
    expect(screen.getByRole('link', { name: '立即登录' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/headlines/headlines_details/7?id=7&index=portal_business')}`,
    );
    fireEvent.click(screen.getByRole('link', { name: '立即登录' }));
    expect(screen.getByText('登录页')).toBeTruthy();
  });

  it('shows a restricted headline (1001) as 暂无查看权限 with a login that comes back to it', async () => {
    sessionStore.reset(null);
    renderAt('/headlines_no_token/7', {
      status: 403,
      body: { code: 1001, message: '暂无查看权限', data: null },
    });
    expect(await screen.findByRole('heading', { name: '暂无查看权限' })).toBeTruthy();
    expect(screen.queryByText('头条摘要')).toBeNull();
    expect(screen.getByRole('link', { name: '立即登录' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/headlines/headlines_details/7?id=7&index=portal_business')}`,
    );
  });

  it('sends signed-in visitors to the full headline page', async () => {
    renderAt(
      '/headlines_no_token/7?index=portal_business',
      ok(detailReply(headlineSource(), 'portal_business')),
    );
    expect(await screen.findByRole('region', { name: '头条正文' })).toBeTruthy();
  });
});
