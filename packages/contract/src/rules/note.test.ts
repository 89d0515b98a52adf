import { describe, it, expect } from 'vitest';
import { messageOf } from '../test/issues.ts';
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
