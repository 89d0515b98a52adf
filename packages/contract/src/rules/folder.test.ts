import { describe, it, expect } from 'vitest';
import { issuesOf, messageOf } from '../test/issues.ts';
import { ZFolderForm, folderNameField, validateFolderName, validateFolderRemark } from './folder.ts';

const REQUIRED = '收藏夹名称不能为空！';
const TOO_LONG = '收藏夹名称不能超过30个字符';

describe('folder name', () => {
  it.each([undefined, null, '', '   ', '\u3000'])('is required (%j)', (name) => {
    expect(validateFolderName(name)).toBe(REQUIRED);
  });

  it('trims the name the schema passes on', () => {
    expect(validateFolderName(' 行业研究 ')).toBeNull();
    expect(folderNameField.parse(' 行业研究 ')).toBe('行业研究');
  });

  it.each([
    ['a'.repeat(30), null],
    ['a'.repeat(31), TOO_LONG],
    ['中'.repeat(15), null],
    ['中'.repeat(16), TOO_LONG],
    ['中'.repeat(14) + 'ab', null],
    ['中'.repeat(14) + 'abc', TOO_LONG],
  ])('%j → %s', (name, expected) => {
    expect(validateFolderName(name)).toBe(expected);
  });

  it('refuses the built-in folder name, even with spaces around it', () => {
    expect(validateFolderName(' 自由收藏夹 ')).toBe('该名称为系统默认收藏夹，请换一个名称');
  });
});

describe('folder remark', () => {
  it('is optional and at most 200 characters, Chinese counting 1', () => {
    expect(validateFolderRemark(undefined)).toBeNull();
    expect(validateFolderRemark('中'.repeat(200))).toBeNull();
    expect(validateFolderRemark('中'.repeat(201))).toBe('收藏夹描述不能超过200个字');
  });
});

describe('ZFolderForm', () => {
  it('defaults a missing remark to empty and trims both fields', () => {
    expect(ZFolderForm.parse({ name: ' 我的 ', remark: ' 备注 ' })).toEqual({ name: '我的', remark: '备注' });
    expect(ZFolderForm.parse({ name: '我的' })).toEqual({ name: '我的', remark: '' });
  });

  it('refuses a missing or blank name with the spec message', () => {
    expect(issuesOf(ZFolderForm, {})).toEqual({ name: REQUIRED });
    expect(messageOf(ZFolderForm, { name: '  ' })).toBe(REQUIRED);
  });
});
