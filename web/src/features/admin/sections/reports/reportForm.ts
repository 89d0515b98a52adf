import type { TAdminContentDetail, TAdminReportCompany, TAdminReportUpdate } from '@portal/contract';

export type TReportForm = {
  title: string;
  source_type: string;
  industry: string;
  description: string;
  /** The detail page's abstract (issue 19). */
  abstract: string;
  keywords: string[];
  /** In order: the first is the publisher. */
  companies: TAdminReportCompany[];
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function companiesOf(value: unknown): TAdminReportCompany[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.flatMap((c: Partial<TAdminReportCompany> | null) =>
    c && typeof c.organisation_id === 'number' && typeof c.name === 'string'
      ? [{ organisation_id: c.organisation_id, name: c.name, status: c.status === 0 ? 0 : 1 }]
      : [],
  );
}

/** The editor's fields from GET /api/admin/content/report/{id} (missing fields read as empty). */
export function reportFormValues(detail: TAdminContentDetail): TReportForm {
  const keywords = detail.fields.keywords;
  return {
    title: detail.title,
    source_type: text(detail.fields.source_type),
    industry: text(detail.fields.industry),
    description: text(detail.fields.description),
    abstract: text(detail.fields.abstract),
    keywords: Array.isArray(keywords) ? keywords.filter((k): k is string => typeof k === 'string') : [],
    companies: companiesOf(detail.fields.companies),
  };
}

/** PUT /api/admin/reports/{id}'s body: the form plus the version the editor loaded. */
export function reportUpdateBody(values: TReportForm, version: number): TAdminReportUpdate {
  return {
    ...values,
    companies: values.companies.map((c) => ({
      organisation_id: c.organisation_id,
      status: c.status === 0 ? 0 : 1,
    })),
    version,
  };
}
