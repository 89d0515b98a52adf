import { describe, it, expect } from 'vitest';
import { issuesOf } from '../test/issues.ts';
import {
  ZFeedbackRequest,
  canAddScreenshot,
  joinScreenshots,
  splitScreenshots,
  validateFeedbackContent,
  validateFeedbackEmail,
  validateScreenshots,
} from './feedback.ts';

const CONTENT = '请输入问题描述10-200字！';
const TOO_MANY = '最多只能上传4张素材';

describe('feedback content', () => {
  it.each([
    ['问'.repeat(9), CONTENT],
    ['问'.repeat(10), null],
    ['问'.repeat(200), null],
    ['问'.repeat(201), CONTENT],
    ['a'.repeat(9), CONTENT],
    ['a'.repeat(10), null],
    ['a'.repeat(200), null],
    ['a'.repeat(201), CONTENT],
    ['😀'.repeat(10), null],
    ['', CONTENT],
  ])('%j → %s', (content, expected) => {
    expect(validateFeedbackContent(content)).toBe(expected);
  });

  it('counts after trimming', () => {
    expect(validateFeedbackContent(`  ${'a'.repeat(9)}  `)).toBe(CONTENT);
  });
});

describe('feedback e-mail', () => {
  it('must be an address', () => {
    expect(validateFeedbackEmail('')).toBe('请输入正确的邮箱！');
    expect(validateFeedbackEmail('me@qq')).toBe('请输入正确的邮箱！');
    expect(validateFeedbackEmail('me@qq.com')).toBeNull();
  });
});

describe('screenshots', () => {
  const shots = ['/files/1.png', '/files/2.png', '/files/3.png', '/files/4.png', '/files/5.png'];

  it('allows four and refuses the fifth', () => {
    expect(validateScreenshots(shots.slice(0, 4))).toBeNull();
    expect(validateScreenshots(shots)).toBe(TOO_MANY);
    expect(canAddScreenshot(3)).toBe(true);
    expect(canAddScreenshot(4)).toBe(false);
  });

  it('splits and joins the comma-joined field, dropping blanks', () => {
    expect(splitScreenshots('')).toEqual([]);
    expect(splitScreenshots(' /a.png , ,https://cdn.example.com/b.png')).toEqual([
      '/a.png',
      'https://cdn.example.com/b.png',
    ]);
    expect(joinScreenshots(['/a.png', '/b.png'])).toBe('/a.png,/b.png');
  });

  it.each(['//evil.example.com/a.png', 'javascript:alert(1)', 'a.png', `/${'a'.repeat(2048)}`])(
    'refuses %j',
    (url) => {
      expect(validateScreenshots([url])).toBe('请求参数错误');
    },
  );
});

describe('ZFeedbackRequest', () => {
  it('parses a feedback and tidies screen_shot', () => {
    expect(
      ZFeedbackRequest.parse({
        email: ' me@qq.com ',
        content: ' 页面加载很慢，请优化一下 ',
        screen_shot: '/a.png, /b.png,',
      }),
    ).toEqual({ email: 'me@qq.com', content: '页面加载很慢，请优化一下', screen_shot: '/a.png,/b.png' });
    expect(ZFeedbackRequest.parse({ email: 'me@qq.com', content: '页面加载很慢，请优化' }).screen_shot).toBe(
      '',
    );
  });

  it('refuses each bad field with its message', () => {
    expect(
      issuesOf(ZFeedbackRequest, { email: 'x', content: '太慢', screen_shot: '/1,/2,/3,/4,/5' }),
    ).toEqual({
      email: '请输入正确的邮箱！',
      content: CONTENT,
      screen_shot: TOO_MANY,
    });
  });
});
