import { describe, it, expect } from 'vitest';
import { messageOf } from '../test/issues.ts';
import { searchTextField, validateSearchText } from './search.ts';

describe('search text', () => {
  it.each([undefined, '', '    '])('is required (%j)', (text) => {
    expect(validateSearchText(text)).toBe('搜索内容不能为空');
    expect(messageOf(searchTextField, text)).toBe('搜索内容不能为空');
  });

  it('is trimmed', () => {
    expect(searchTextField.parse(' 新能源 ')).toBe('新能源');
  });

  it('allows 100 characters and no more', () => {
    expect(validateSearchText('新'.repeat(100))).toBeNull();
    expect(validateSearchText('新'.repeat(101))).toBe('搜索内容不能超过100个字');
  });
});
