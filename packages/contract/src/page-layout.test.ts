import { describe, expect, it } from 'vitest';
import { parsePageLayout, parsePageLayouts, termBoxes, type TPageLayout } from './page-layout.ts';

describe('termBoxes', () => {
  it("cuts a run's box by its characters' widths, full-width ones twice a Latin one's", () => {
    const layout: TPageLayout = {
      runs: [
        { s: '钠离子电池在低温', x: 0.1, y: 0.2, w: 0.8, h: 0.02 },
        { s: 'AI储能', x: 0.1, y: 0.3, w: 0.31, h: 0.02 },
      ],
    };
    const [sodium, storage] = termBoxes(layout, ['钠离子电池', '储能']);
    expect(sodium?.x).toBeCloseTo(0.1);
    expect(sodium?.w).toBeCloseTo(0.5);
    expect(sodium?.y).toBe(0.2);
    // AI is 2 × 0.55 wide, 储能 2 × 1: 储能 starts 1.1 / 3.1 of the way along.
    expect(storage?.x).toBeCloseTo(0.1 + (0.31 * 1.1) / 3.1);
    expect(storage?.w).toBeCloseTo((0.31 * 2) / 3.1);
  });

  it('gives a box on each line for a word a line break parted', () => {
    const layout: TPageLayout = {
      runs: [
        { s: '已经上', x: 0.1, y: 0.2, w: 0.3, h: 0.02, eol: true },
        { s: '市，预计', x: 0.1, y: 0.23, w: 0.4, h: 0.02, eol: true },
      ],
    };
    const boxes = termBoxes(layout, ['上市']);
    expect(boxes.map((b) => [b.y, Number(b.x.toFixed(3)), Number(b.w.toFixed(3))])).toEqual([
      [0.2, 0.3, 0.1],
      [0.23, 0.1, 0.1],
    ]);
  });

  it('reads a layout as fetched, and nothing that is not one', () => {
    const run = { s: '储能', x: 0.1, y: 0.2, w: 0.1, h: 0.02 };
    expect(parsePageLayout({ runs: [run, { ...run, eol: true }] })).toEqual({
      runs: [run, { ...run, eol: true }],
    });
    for (const bad of [
      null,
      'x',
      {},
      { runs: {} },
      { runs: [{ ...run, x: '0.1' }] },
      { runs: [{ ...run, eol: 1 }] },
    ]) {
      expect(parsePageLayout(bad)).toBeNull();
    }
  });

  it("reads a report's layouts as fetched, and nothing holding a page that is not one", () => {
    const page = { runs: [{ s: '储能', x: 0.1, y: 0.2, w: 0.1, h: 0.02 }] };
    expect(parsePageLayouts({ pages: [page, { runs: [] }] })).toEqual({ pages: [page, { runs: [] }] });
    for (const bad of [null, {}, { pages: page }, { pages: [page, { runs: {} }] }]) {
      expect(parsePageLayouts(bad)).toBeNull();
    }
  });
});
