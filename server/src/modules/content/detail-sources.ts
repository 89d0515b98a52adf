import { shanghaiDateTime } from '@portal/contract';
import type {
  TAnalysisSource,
  THeadlineSource,
  TMaterialSource,
  TReportSource,
  TRelatedFile,
} from '@portal/contract';
import {
  pageImageKeyOf,
  pageLayoutKeyOf,
  pageLayoutsKeyOf,
  prefixOfPdfKey,
} from '../../ingest/report-keys.ts';
import { relativeTime } from './content-time.ts';
import { fileUrl } from './content-types.ts';
import { parseObjects } from './content-docs.ts';
import { parseToc, reportTagList } from './report-metadata.ts';
import type { AnalysisRow } from './analyses.repo.ts';
import type { HeadlineRow } from './headlines.repo.ts';
import type { MaterialRow } from './materials.repo.ts';
import type { ReportCompany, ReportRow } from './reports.repo.ts';
import type { ClusterMember } from '../headline-clusters/headline-clusters.ts';

/** Row → the `_source` of a detail page (spec §3 entities). Never returns a row. */

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A file per page of a report, in page order; none when its PDF key is not an ingested one. */
function pageFiles(
  prefix: string | null,
  pageCount: number,
  keyOf: (prefix: string, pageNo: number) => string,
): string[] {
  return prefix === null ? [] : Array.from({ length: pageCount }, (_, i) => fileUrl(keyOf(prefix, i + 1)));
}

export function reportDetailSource(row: ReportRow, companies: readonly ReportCompany[]): TReportSource {
  const prefix = safePrefix(row.pdf_key);
  return {
    title: row.title,
    content_id: row.content_id,
    cover: fileUrl(row.cover_key),
    sourceType: row.source_type,
    industry: row.industry,
    create_time: shanghaiDateTime(row.published_at),
    description: row.description,
    company: companies.map((c) => ({
      company_id: c.organisation_id,
      name: c.name,
      status: Number(c.status),
    })),
    files: [{ name: `${row.title}.pdf`, url: fileUrl(row.pdf_key), ext: 'pdf' }],
    // Page images are rendered on their first request by GET /files (files.routes.ts).
    pdf_image: pageFiles(prefix, row.page_count, pageImageKeyOf),
    // Written at ingest; for a report ingested before, read from the PDF on first request too.
    pdf_layout: pageFiles(prefix, row.page_count, pageLayoutKeyOf),
    pdf_layouts: prefix !== null && row.page_count > 0 ? fileUrl(pageLayoutsKeyOf(prefix)) : '',
    page_count: row.page_count,
    material_url: row.material_url,
    tag: reportTagList(row),
    abstract: row.abstract,
    toc: parseToc(row.toc),
  };
}

export function headlineDetailSource(
  row: HeadlineRow,
  now: number,
  others: readonly ClusterMember[] = [],
): THeadlineSource {
  return {
    ...(others.length > 0
      ? {
          other_sources: others.map((o) => ({
            id: o.id,
            title: o.title,
            source_name: o.source_name,
            source_url: o.source_url,
            publish_time: shanghaiDateTime(o.published_at),
          })),
        }
      : {}),
    title: row.title,
    description: row.description,
    publish_time: shanghaiDateTime(row.published_at),
    time_format: relativeTime(row.published_at, now),
    source_name: row.source_name,
    source_url: row.source_url,
    content: row.content,
  };
}

/** The analysis's viewer settings (anal_data_info), with defaults for missing fields. */
export function analysisDataInfo(row: AnalysisRow): TAnalysisSource['anal_data_info'] {
  const info = parseObject(row.anal_data_info);
  return {
    url: text(info.url),
    work_book: text(info.work_book),
    tab_visible: info.tab_visible === true,
    tool_bar_visible: info.tool_bar_visible === true,
  };
}

export function analysisQuotes(row: AnalysisRow): TRelatedFile[] {
  return parseObjects(row.quote_data_info).map((q) => ({
    title: text(q.title),
    create_time: text(q.create_time),
    url: text(q.url),
    ext: text(q.ext),
  }));
}

export function analysisDetailSource(row: AnalysisRow): TAnalysisSource {
  return {
    title: row.title,
    target: row.target,
    creator: row.creator,
    create_time: shanghaiDateTime(row.published_at),
    anal_type: row.anal_type,
    anal_data_ext: row.anal_data_ext,
    anal_data_info: analysisDataInfo(row),
    quote_data_info: analysisQuotes(row),
  };
}

export function materialDetailSource(row: MaterialRow): TMaterialSource {
  const image = fileUrl(row.image_key);
  const isVideo = row.material_type === 'video';
  // A video url is a stored key or an outside URL; without a file the poster stands in.
  const video =
    /^https?:\/\//.test(row.video_url) || row.video_url.startsWith('/')
      ? row.video_url
      : fileUrl(row.video_url);
  return {
    title: row.title,
    material_type: isVideo ? 'video' : 'image',
    url: isVideo && video !== '' ? video : image,
    cover: image,
    category: row.category,
    open_screen_type: row.open_screen_type,
    mockup_type: row.mockup_type,
    parent_brand: row.parent_brand,
    product_brand: row.product_brand,
    person_type: row.person_type,
    person_star: row.person_star,
    style_type: row.style_type,
    first_exposure_time: row.first_exposure_at === null ? '' : shanghaiDateTime(row.first_exposure_at),
    channel: row.channel,
    is_have_activity: Number(row.is_have_activity),
    duration: Number(row.video_duration),
    analysis_info: parseObjects(row.analysis_info).map((a) => ({
      detail_id: text(a.detail_id),
      title: text(a.title),
    })),
  };
}

function safePrefix(pdfKey: string): string | null {
  try {
    return prefixOfPdfKey(pdfKey);
  } catch {
    return null;
  }
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
