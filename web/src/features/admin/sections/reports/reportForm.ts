import type { TAdminContentDetail } from '@portal/contract';

export type TReportForm = {
  title: string;
  source_type: string;
  industry: string;
  description: string;
  keywords: string[];
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The editor's fields from GET /api/admin/content/report/{id} (missing fields read as empty). */
export function reportFormValues(detail: TAdminContentDetail): TReportForm {
  const keywords = detail.fields.keywords;
  return {
    title: detail.title,
    source_type: text(detail.fields.source_type),
    industry: text(detail.fields.industry),
    description: text(detail.fields.description),
    keywords: Array.isArray(keywords) ? keywords.filter((k): k is string => typeof k === 'string') : [],
  };
}
