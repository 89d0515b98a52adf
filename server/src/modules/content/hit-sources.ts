import type { THitSource } from '@portal/contract';
import { shanghaiDateTime } from '@portal/contract';
import { relativeTime } from './content-time.ts';
import { fileUrl } from './content-types.ts';
import { headlineText } from './headline-html.ts';
import { reportTagList } from './report-metadata.ts';
import type { AnalysisRow } from './analyses.repo.ts';
import type { HeadlineRow } from './headlines.repo.ts';
import type { MaterialRow } from './materials.repo.ts';
import type { ReportRow } from './reports.repo.ts';

/** Row → the `_source` of a list card (spec §3 "Search hit"). Never returns a row. */

const DESCRIPTION_CHARS = 120;

function times(publishedAt: number, now: number) {
  return { create_time: shanghaiDateTime(publishedAt), time_format: relativeTime(publishedAt, now) };
}

export function reportSource(row: ReportRow, companyNames: readonly string[], now: number): THitSource {
  const publisher = companyNames[0] ?? '';
  return {
    title: row.title,
    cover: fileUrl(row.cover_key),
    tag: reportTagList(row),
    product_brand: '',
    creator: publisher,
    publisher,
    ...times(row.published_at, now),
    description: row.description,
    page_count: row.page_count,
  };
}

/** `sourceCount`: how many sources carried the story (modules/headline-clusters); shown from 2. */
export function headlineSource(row: HeadlineRow, now: number, sourceCount = 1): THitSource {
  return {
    ...(sourceCount > 1 ? { source_count: sourceCount } : {}),
    title: row.title,
    // '' unless the back-office gave it a cover.
    cover: fileUrl(row.cover_key),
    tag: [],
    product_brand: '',
    creator: row.source_name,
    publisher: row.source_name,
    ...times(row.published_at, now),
    description: row.description || headlineText(row.content).slice(0, DESCRIPTION_CHARS),
  };
}

export function analysisSource(row: AnalysisRow, categoryTitle: string, now: number): THitSource {
  return {
    title: row.title,
    cover: fileUrl(row.cover_key),
    tag: [categoryTitle].filter((t) => t !== ''),
    product_brand: '',
    creator: row.creator,
    publisher: row.creator,
    ...times(row.published_at, now),
    description: row.description,
    anal_data_ext: row.anal_data_ext,
  };
}

export function materialSource(row: MaterialRow, now: number): THitSource {
  return {
    title: row.title,
    cover: fileUrl(row.image_key),
    tag: [row.category, row.channel].filter((t) => t !== ''),
    product_brand: row.product_brand,
    creator: row.parent_brand,
    publisher: row.parent_brand,
    ...times(row.published_at, now),
    description: [row.style_type, row.person_star].filter((t) => t !== '').join(' · '),
    material_type: row.material_type,
  };
}
