import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { FEEDBACK_TEXT } from '../texts.ts';
import { FeedbackPage } from './FeedbackPage.tsx';

const INFO = {
  email: 'user1@example.com',
  footer: {
    contact: ['客服电话：400-800-1234'],
    copyright: 'Copyright © 洞察门户 版权所有',
    official_qr: '/qr/official.png',
    miniprogram_qr: '',
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FeedbackPage', () => {
  it('prefills the e-mail, shows the spec messages, and sends the trimmed form', async () => {
    const calls = stubFetch((call) => (call.url.pathname === '/api/feedback/get/info' ? ok(INFO) : ok(null)));
    renderWithQuery(<FeedbackPage />);
    const email = screen.getByLabelText(new RegExp(FEEDBACK_TEXT.email)) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('user1@example.com'));
    expect(screen.getByRole('img', { name: FEEDBACK_TEXT.officialQr })).toBeTruthy();
    expect(screen.queryByRole('img', { name: FEEDBACK_TEXT.miniprogramQr })).toBeNull();
    expect(screen.getByText('客服电话：400-800-1234')).toBeTruthy();

    const content = screen.getByLabelText(new RegExp(FEEDBACK_TEXT.content));
    fireEvent.change(content, { target: { value: '九个字的问题描述呀' } });
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXT.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.feedbackContent);

    fireEvent.change(content, { target: { value: '  <b>十个字的问题描述呀</b>  ' } });
    fireEvent.change(email, { target: { value: 'user1@' } });
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXT.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.feedbackEmail);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(email, { target: { value: ' me@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXT.submit }));
    expect((await screen.findByRole('status')).textContent).toContain(MSG.feedbackThanks);
    expect(calls.at(-1)?.body).toEqual({
      content: '<b>十个字的问题描述呀</b>',
      email: 'me@example.com',
      screen_shot: '',
    });
  });
});
