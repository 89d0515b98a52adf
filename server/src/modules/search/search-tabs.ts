import type { TPageType, TSearchTab, TTabId } from '@portal/contract';
import { DOC_TYPES, type DocType } from '../../search/search.types.ts';

export const TAB_NAMES: Readonly<Record<TTabId, string>> = {
  all: '全部',
  report: '报告',
  business: '商业头条',
  insight: '洞察专题',
  material: '素材',
  company_report: '报告',
  company_product: '产品',
  company_about: '关于',
  company_product_es: '产品内容',
  organisation: '机构',
  resource_all: '全部',
  resource_report: '报告',
};

const tabs = (...ids: TTabId[]): TSearchTab[] => ids.map((tn) => ({ tn, name: TAB_NAMES[tn] }));

/**
 * The tabs of each page (GET /api/search/label). The search page has 全部 and 报告 (spec §2), and 机构;
 * home lists every kind a reader follows; list pages have their one kind. An organisation
 * page has its products, reports, product content and about tabs; their items come from
 * GET /api/company/detail/list (the 关于 tab is the organisation's introduction).
 * `recommend` gets the home tabs; `collection` those and 素材.
 */
export const PAGE_TABS: Readonly<Record<TPageType, TSearchTab[]>> = {
  // 机构: organisations by name and introduction (issue 19; organisation-search.ts).
  search: tabs('all', 'report', 'organisation'),
  home: tabs('all', 'report', 'business', 'insight'),
  report: tabs('report'),
  insight: tabs('insight'),
  material: tabs('material'),
  organ: tabs('company_product', 'company_report', 'company_product_es', 'company_about'),
  recommend: tabs('all', 'report', 'business', 'insight'),
  // Materials can be favourited, so the collection lists them too (issue 22).
  collection: tabs('all', 'report', 'business', 'insight', 'material'),
  // The resource screen (/all_material): its own tab ids, as spec §2 names them.
  resource: tabs('resource_all', 'resource_report'),
};

/** What the 全部 tab holds on a page whose own content is one kind. */
const PAGE_KIND: Partial<Record<TPageType, DocType>> = {
  report: 'report',
  insight: 'insight',
  material: 'material',
};

/**
 * The document types a tab lists. `all` is every type (the engine then browses without a type
 * filter: a primary-key walk and a plain count), narrowed to the page's own kind on the
 * report, insight and material pages. Company tabs are handled apart (they filter by company).
 */
export function docTypesOf(tn: TTabId, pageType: TPageType): DocType[] {
  switch (tn) {
    case 'all': {
      const kind = PAGE_KIND[pageType];
      return kind ? [kind] : [...DOC_TYPES];
    }
    case 'resource_all':
      return [...DOC_TYPES];
    case 'report':
    case 'company_report':
    case 'resource_report':
      return ['report'];
    case 'business':
    case 'insight':
    case 'material':
      return [tn];
    default:
      return [];
  }
}
