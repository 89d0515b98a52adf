import { describe, it, expect } from 'vitest';
import { messageOf } from '../test/issues.ts';
import { internalPath } from './internal-path.ts';
import { noteContentField, validateNoteContent } from './note.ts';

describe('note content', () => {
  it.each([undefined, '', ' \n\t '])('is required (%j)', (content) => {
    expect(validateNoteContent(content)).toBe('笔记内容不能为空');
    expect(messageOf(noteContentField, content)).toBe('笔记内容不能为空');
  });

  it('is trimmed', () => {
    expect(noteContentField.parse('  读后感\n')).toBe('读后感');
  });

  it('allows 2000 characters and no more', () => {
    expect(validateNoteContent('中'.repeat(2000))).toBeNull();
    expect(validateNoteContent('中'.repeat(2001))).toBe('笔记内容不能超过2000个字');
  });
});

describe('internalPath (where a note links back to)', () => {
  it.each([
    ['/report/report_details/5?page=3', '/report/report_details/5?page=3'],
    [
      '/report/report_details/5?id=5&index=portal_report#p2',
      '/report/report_details/5?id=5&index=portal_report#p2',
    ],
    ['/notes', '/notes'],
    ['/a/../report', '/report'],
    ['/搜索?q=电池', '/%E6%90%9C%E7%B4%A2?q=%E7%94%B5%E6%B1%A0'],
  ])('keeps %j as %j', (url, path) => {
    expect(internalPath(url)).toBe(path);
  });

  it.each([
    '//evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r/evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/.//evil.com',
    'https://evil.com',
    'http://portal.invalid/x',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'report/report_details/5',
    '',
    '/\u0000/evil.com',
  ])('refuses %j', (url) => {
    expect(internalPath(url)).toBeNull();
  });
});
