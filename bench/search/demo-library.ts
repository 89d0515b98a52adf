import { analysisDoc, headlineDoc, materialDoc } from '../../server/src/modules/content/content-docs.ts';
import type { AnalysisRow } from '../../server/src/modules/content/analyses.repo.ts';
import type { HeadlineRow } from '../../server/src/modules/content/headlines.repo.ts';
import type { MaterialRow } from '../../server/src/modules/content/materials.repo.ts';
import { docPages } from '../../server/src/modules/content/report-metadata.ts';
import { demoAnalyses } from '../../server/src/demo/content/demo-analyses.ts';
import { demoHeadlines } from '../../server/src/demo/content/demo-headlines.ts';
import { demoMaterials } from '../../server/src/demo/content/demo-materials.ts';
import { demoReportSpecs } from '../../server/src/demo/pdf/demo-report-specs.ts';
import { composeReport } from '../../server/src/demo/pdf/report-content.ts';
import type { SearchDoc } from '../../server/src/search/search.types.ts';

/**
 * The demo library as search documents, without drawing or parsing a PDF: the 60 reports'
 * text as composed for their pages (what ingest extracts; pages too, so the page index is built), the 300 headlines, 30 insight
 * topics and 40 materials, through the same content-docs.ts builders the portal indexes with
 * (reports: title, text and tags as `reportDoc` makes them). Deterministic for a given `now`.
 */
export function demoLibraryDocs(now: Date): SearchDoc[] {
  const docs: SearchDoc[] = [];
  demoReportSpecs({ now }).forEach((spec, i) => {
    const c = composeReport(spec);
    // The pages as the demo PDF lays them out (generate-report-pdf.ts): cover, contents with
    // the key points, one page per section, the disclaimer after the last.
    const pages = [
      [c.title, c.subtitle, c.publisher, c.dateText, c.keywordsLine],
      ['目录', ...c.sections.map((s) => s.heading), '核心观点', ...c.summary],
      ...c.sections.map((s) => [
        s.heading,
        ...s.paragraphs,
        ...(s.chart ? [s.chart.title, ...s.chart.bars.map((b) => b.label), s.chart.source] : []),
        ...(s.table ? [s.table.title, ...s.table.columns, ...s.table.rows.flat()] : []),
      ]),
    ].map((lines) => lines.join('\n'));
    pages[pages.length - 1] += `\n${c.disclaimer}`;
    const text = pages.join('\n');
    docs.push({
      id: `report:${i + 1}`,
      type: 'report',
      title: spec.title,
      body: text,
      pages: docPages(pages),
      tags: [...spec.keywords, spec.industry, spec.sourceType, spec.publisher],
      publishedAt: new Date(spec.publishedAt),
      hot: 0,
    });
  });
  demoHeadlines(now).forEach((h, i) => {
    const row = { ...h, id: i + 1 } as unknown as HeadlineRow;
    docs.push(headlineDoc(row, 0));
  });
  demoAnalyses(now, []).forEach((a, i) => {
    const row = {
      ...a,
      id: i + 1,
      quote_data_info: JSON.stringify(a.quote_data_info),
    } as unknown as AnalysisRow;
    docs.push(analysisDoc(row, 0));
  });
  demoMaterials(now).forEach((m, i) => {
    const row = { ...m, id: i + 1 } as unknown as MaterialRow;
    docs.push(materialDoc(row, 0));
  });
  return docs;
}
