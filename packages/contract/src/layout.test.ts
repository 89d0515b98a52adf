import { describe, it, expect } from 'vitest';
import { analysisSubmenu, gridForWidth, isMobileWidth, notePanelWidth, waterfallColumns } from './layout.ts';

describe('isMobileWidth', () => {
  it('is mobile below 992 px only', () => {
    expect(isMobileWidth(390)).toBe(true);
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
    expect(isMobileWidth(1440)).toBe(false);
  });
});

describe('gridForWidth', () => {
  it.each([
    [1399, 2, 6],
    [1400, 4, 12],
    [1440, 4, 12],
    [1679, 4, 12],
    [1680, 5, 15],
    [1979, 5, 15],
    [1980, 6, 18],
    [2560, 6, 18],
  ])('at %i px shows %i columns, %i per page', (width, columns, pageSize) => {
    expect(gridForWidth(width, false)).toEqual({ columns, pageSize });
  });

  it('shows 2 columns and 12 items on mobile, whatever the width', () => {
    expect(gridForWidth(390, true)).toEqual({ columns: 2, pageSize: 12 });
    expect(gridForWidth(1440, true)).toEqual({ columns: 2, pageSize: 12 });
  });

  it('drops columns while a card would be narrower than 274 px, keeping three rows a page', () => {
    expect(gridForWidth(548, false)).toEqual({ columns: 2, pageSize: 6 });
    expect(gridForWidth(547, false)).toEqual({ columns: 1, pageSize: 3 });
  });

  it('never goes below one column', () => {
    expect(gridForWidth(100, false)).toEqual({ columns: 1, pageSize: 3 });
  });
});

describe('waterfallColumns', () => {
  it('shows 4 columns, 5 when wider than 1300 px, 2 on mobile', () => {
    expect(waterfallColumns(1300, false)).toBe(4);
    expect(waterfallColumns(1301, false)).toBe(5);
    expect(waterfallColumns(1800, true)).toBe(2);
  });
});

describe('notePanelWidth', () => {
  it('is 330 open, 34 collapsed and 0 on mobile', () => {
    expect(notePanelWidth(true, false)).toBe(330);
    expect(notePanelWidth(false, false)).toBe(34);
    expect(notePanelWidth(true, true)).toBe(0);
  });
});

describe('analysisSubmenu', () => {
  it('shows up to seven items without a toggle', () => {
    expect(analysisSubmenu(6, false)).toEqual({ visibleCount: 6, showToggle: false });
    expect(analysisSubmenu(7, false)).toEqual({ visibleCount: 7, showToggle: false });
  });

  it('collapses to six with a toggle when there are more than seven', () => {
    expect(analysisSubmenu(8, false)).toEqual({ visibleCount: 6, showToggle: true });
    expect(analysisSubmenu(8, true)).toEqual({ visibleCount: 8, showToggle: true });
  });
});
