import type { TSearchHit, TSearchReply } from '@portal/contract';

/** A report hit numbered `n`, optionally with a highlighted title. */
export function reportHit(n: number, highlight?: { title: string; content: string }): TSearchHit {
  return {
    _id: String(n),
    _index: 'portal_report',
    _source: {
      title: `报告 ${n}`,
      cover: '',
      tag: [],
      product_brand: '',
      creator: '',
      publisher: '示例研究院',
      create_time: '2026-11-01 08:00:00',
      time_format: '3天前',
      description: '',
      ...(highlight ? { highlight } : {}),
    },
    favorite_status: 0,
  };
}

/** A headline hit numbered `n` from 界面新闻, with no cover; `source` overrides its fields. */
export function headlineHit(n: number, source: Partial<TSearchHit['_source']> = {}): TSearchHit {
  return {
    _id: String(n),
    _index: 'portal_business',
    _source: {
      title: `头条 ${n}`,
      cover: '',
      tag: [],
      product_brand: '',
      creator: '',
      publisher: '界面新闻',
      create_time: '2026-11-01 08:00:00',
      time_format: '3小时前',
      description: '',
      ...source,
    },
    favorite_status: 0,
  };
}

/** A reply page holding `hits` out of `total`. */
export function searchReply(hits: TSearchHit[], total: number, page = 1, fallback = false): TSearchReply {
  return { data: hits, total: { value: total, relation: 'eq' }, page, page_size: 12, psort: 'new', fallback };
}
