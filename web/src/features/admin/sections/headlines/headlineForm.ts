import type { TAdminContentDetail } from '@portal/contract';

export type THeadlineForm = { title: string; source: string; url: string; content: string };

export const EMPTY_HEADLINE: THeadlineForm = { title: '', source: '', url: '', content: '' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The editor's fields from GET /api/admin/content/headline/{id} (the table says source_name / source_url). */
export function headlineFormValues(detail: TAdminContentDetail): THeadlineForm {
  return {
    title: detail.title,
    source: text(detail.fields.source_name),
    url: text(detail.fields.source_url),
    content: text(detail.fields.content),
  };
}

/** The body the API takes: an empty link is left out (optional), the rest as typed. */
export function headlineBody(values: THeadlineForm) {
  const url = values.url.trim();
  return { title: values.title, source: values.source, content: values.content, ...(url ? { url } : {}) };
}
