import { CONTENT_INDEXES, type TAdminContentType } from '@portal/contract';

const DETAIL_PAGES: Readonly<Record<TAdminContentType, { path: string; index: string }>> = {
  report: { path: '/report/report_details', index: CONTENT_INDEXES.report },
  headline: { path: '/headlines/headlines_details', index: CONTENT_INDEXES.business },
  analysis: { path: '/analysis/analysis_details', index: CONTENT_INDEXES.insight },
  material: { path: '/material/material_details', index: CONTENT_INDEXES.material },
};

/** The user's detail page of an item with `preview=1`: for admins it renders drafts and unpublished items too. */
export function previewPath(type: TAdminContentType, id: number): string {
  const page = DETAIL_PAGES[type];
  return `${page.path}/${id}?id=${id}&index=${page.index}&preview=1`;
}
