import { describe, expect, it } from 'vitest';
import { CONTENT_INDEXES } from './search.ts';
import { NEW_HOT_SORTS } from './constants.ts';
import { detailOfAddress, detailQueryKey, folderOfAddress, REPORT_LIST_SORTS } from './first-data.ts';

describe('a detail screen read from its address', () => {
  it('names the item of every detail route, with the index a link may give', () => {
    expect(detailOfAddress('/report/report_details/12')).toEqual({ id: '12', index: CONTENT_INDEXES.report });
    expect(detailOfAddress('/report_details/12?page=3')).toEqual({ id: '12', index: CONTENT_INDEXES.report });
    expect(detailOfAddress('/headlines/headlines_details/7')).toEqual({
      id: '7',
      index: CONTENT_INDEXES.business,
    });
    expect(detailOfAddress('/analysis/analysis_details/3')).toEqual({
      id: '3',
      index: CONTENT_INDEXES.insight,
    });
    expect(detailOfAddress(`/material/material_details/5?index=${CONTENT_INDEXES.analysisMaterial}`)).toEqual(
      {
        id: '5',
        index: CONTENT_INDEXES.analysisMaterial,
      },
    );
  });

  it('names none for other screens, an admin preview or a malformed id', () => {
    for (const url of [
      '/homepage',
      '/report',
      '/report/report_details/12?preview=1',
      '/report/report_details/x1',
      '/report/report_details/12/more',
    ]) {
      expect(detailOfAddress(url), url).toBeNull();
    }
  });

  it('keys the reply as the detail screen asks for it', () => {
    expect(detailQueryKey('12', CONTENT_INDEXES.report)).toEqual([
      'detail',
      'item',
      CONTENT_INDEXES.report,
      '12',
    ]);
  });
});

describe('a favourites folder read from its address', () => {
  it('names the folder of both folder routes and nothing else', () => {
    expect(folderOfAddress('/collection/collection_details/12')).toBe('12');
    expect(folderOfAddress('/self/collection_details/3?x=1')).toBe('3');
    for (const url of ['/collection', '/collection/collection_details/x', '/self/collection_details/1/2']) {
      expect(folderOfAddress(url), url).toBeNull();
    }
  });
});

describe('REPORT_LIST_SORTS', () => {
  it('is the report list’s 最新/最热, defined once as NEW_HOT_SORTS (read at load in the web’s chunks)', () => {
    expect(REPORT_LIST_SORTS).toEqual(NEW_HOT_SORTS);
  });
});
