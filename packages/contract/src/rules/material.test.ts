import { describe, it, expect } from 'vitest';
import { issuesOf } from '../test/issues.ts';
import {
  ZMaterialLengthRange,
  parseMaterialLength,
  validateMaterialLength,
  validateMaterialLengthRange,
} from './material.ts';

const BAD = '素材时间请输入正整数';

describe('material length bound', () => {
  it.each(['1', ' 30 ', '007', 15, undefined, null, ''])('accepts %j', (value) => {
    expect(validateMaterialLength(value)).toBeNull();
  });

  it.each([
    '0',
    '-1',
    '1.5',
    '1e3',
    '+5',
    'abc',
    '9007199254740993',
    0,
    -3,
    2.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('refuses %j', (value) => {
    expect(validateMaterialLength(value)).toBe(BAD);
  });

  it('reads empty as no bound', () => {
    expect(parseMaterialLength('')).toBeUndefined();
    expect(parseMaterialLength(' 12 ')).toBe(12);
  });
});

describe('material length range', () => {
  it('needs the lower bound not above the upper', () => {
    expect(validateMaterialLengthRange('3', '5')).toBeNull();
    expect(validateMaterialLengthRange('5', '5')).toBeNull();
    expect(validateMaterialLengthRange('5', '3')).toBe('素材时间的最小值不能大于最大值');
    expect(validateMaterialLengthRange('', '3')).toBeNull();
    expect(validateMaterialLengthRange('x', '3')).toBe(BAD);
  });

  it('parses query strings into numbers', () => {
    expect(ZMaterialLengthRange.parse({ min: '3', max: '10' })).toEqual({ min: 3, max: 10 });
    expect(ZMaterialLengthRange.parse({})).toEqual({ min: undefined, max: undefined });
    expect(issuesOf(ZMaterialLengthRange, { min: '10', max: '3' })).toEqual({
      max: '素材时间的最小值不能大于最大值',
    });
    expect(issuesOf(ZMaterialLengthRange, { min: '1.5' })).toEqual({ min: BAD });
  });
});
