import type {
  TAdminContentDetail,
  TAdminReportCompany,
  TAdminReportUpdate,
  TAdminTocEntry,
} from '@portal/contract';

export type TReportForm = {
  title: string;
  source_type: string;
  industry: string;
  description: string;
  /** The detail page's abstract (issue 19). */
  abstract: string;
  /** The detail page's 目录. */
  toc: TAdminTocEntry[];
  /** Tags found from the catalogue's keywords, shown after `keywords`. */
  auto_tags: string[];
  keywords: string[];
  /** In order: the first is the publisher. */
  companies: TAdminReportCompany[];
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
}

function tocOf(value: unknown): TAdminTocEntry[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.flatMap((e: Partial<TAdminTocEntry> | null) =>
    e && typeof e.title === 'string' && typeof e.page === 'number' && typeof e.level === 'number'
      ? [{ title: e.title, page: e.page, level: e.level }]
      : [],
  );
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
  return {
    title: detail.title,
    source_type: text(detail.fields.source_type),
    industry: text(detail.fields.industry),
    description: text(detail.fields.description),
    abstract: text(detail.fields.abstract),
    toc: tocOf(detail.fields.toc),
    auto_tags: strings(detail.fields.auto_tags),
    keywords: strings(detail.fields.keywords),
    companies: companiesOf(detail.fields.companies),
  };
}

/** PUT /api/admin/reports/{id}'s body: the form plus the version the editor loaded. */
export function reportUpdateBody(values: TReportForm, version: number): TAdminReportUpdate {
  return {
    ...values,
    toc: values.toc.map((e) => ({ ...e, title: e.title.trim() })),
    companies: values.companies.map((c) => ({
      organisation_id: c.organisation_id,
      status: c.status === 0 ? 0 : 1,
    })),
    version,
  };
}
