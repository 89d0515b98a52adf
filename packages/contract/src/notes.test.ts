import { describe, expect, it } from 'vitest';
import { ZNoteCreateRequest, ZNoteDrawUpdateRequest, ZNoteListQuery, ZNoteUpdateRequest } from './notes.ts';
import { messageOf } from './test/issues.ts';

const item = { data_id: '5', data_type: 'portal_report' };

describe('note calls', () => {
  it('pages notes 8 at a time', () => {
    expect(ZNoteListQuery.parse({})).toEqual({ page: 1, page_size: 8 });
    expect(messageOf(ZNoteListQuery, { data_type: 'portal_report' })).toBe('请求参数错误');
  });

  it('trims content and refuses empty notes with the spec message', () => {
    expect(ZNoteCreateRequest.parse({ ...item, content: ' 想法 ' })).toMatchObject({
      content: '想法',
      url: '',
    });
    expect(messageOf(ZNoteCreateRequest, { ...item, content: ' \n ' })).toBe('笔记内容不能为空');
    // An update may be a highlight's, whose text is optional: the server checks plain notes.
    expect(ZNoteUpdateRequest.parse({ id: 1, content: ' ' })).toEqual({ id: 1, content: '' });
    expect(messageOf(ZNoteUpdateRequest, { id: 1, content: 'x'.repeat(2001) })).toBe(
      '笔记内容不能超过2000个字',
    );
  });

  it('keeps only links inside the portal', () => {
    const url = (u: string) => ZNoteCreateRequest.parse({ ...item, content: 'x', url: u }).url;
    expect(url('/report/report_details/5?id=5&index=portal_report')).toBe(
      '/report/report_details/5?id=5&index=portal_report',
    );
    expect(url('javascript:alert(1)')).toBe('');
    expect(url('//evil.example/a')).toBe('');
    expect(url('/\\evil.example')).toBe('');
    expect(url('https://evil.example/')).toBe('');
    expect(url('/\t/evil.example')).toBe('');
    expect(url('/\n/evil.example')).toBe('');
    expect(url('/.//evil.example')).toBe('');
  });

  it('takes a highlight without text, on a page, with boxes inside the page', () => {
    const highlight = {
      color: 'yellow',
      quote: ' 原文 ',
      anchor: { start: 3, end: 9, rects: [[0.1, 0.2, 0.5, 0.02]] },
    };
    expect(ZNoteCreateRequest.parse({ ...item, page: '3', highlight })).toMatchObject({
      content: '',
      page: 3,
      highlight: { color: 'yellow', quote: '原文' },
    });
    expect(messageOf(ZNoteCreateRequest, { ...item, highlight })).toBe('请求参数错误');
    expect(messageOf(ZNoteCreateRequest, { ...item, page: 0, content: 'x' })).toBe('请求参数错误');
    const bad = (anchor: object) =>
      messageOf(ZNoteCreateRequest, { ...item, page: 1, highlight: { ...highlight, anchor } });
    expect(bad({ start: 9, end: 9, rects: [[0, 0, 1, 1]] })).toBe('请求参数错误');
    expect(bad({ start: 0, end: 9, rects: [] })).toBe('请求参数错误');
    expect(bad({ start: 0, end: 9, rects: [[0, 0, 1.5, 1]] })).toBe('请求参数错误');
    expect(
      messageOf(ZNoteCreateRequest, { ...item, page: 1, highlight: { ...highlight, color: 'red' } }),
    ).toBe('请求参数错误');
  });

  it('saves the panel as 1 (open) or 2 (closed)', () => {
    expect(ZNoteDrawUpdateRequest.parse({ data_id: '5', type: 'portal_report', status: '2' })).toMatchObject({
      status: 2,
    });
    expect(messageOf(ZNoteDrawUpdateRequest, { data_id: '5', type: 'portal_report', status: 0 })).toBe(
      '请求参数错误',
    );
  });
});
