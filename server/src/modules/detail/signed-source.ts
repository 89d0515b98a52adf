import type { TAnalysisSource, TDetailSource, TMaterialSource, TReportSource } from '@portal/contract';
import type { ContentType } from '../content/content-types.ts';
import type { FileUrls } from '../files/signed-url.ts';

/**
 * A detail page's `_source` with its file URLs signed, for a caller who passed the view check:
 * the report's PDF, page images and page layouts, the topic's own and related files, a material's file.
 * Public files keep their plain URL. The source comes from the shared detail cache and is
 * never changed: a copy is returned.
 */
export function signedDetailSource(
  type: ContentType,
  source: TDetailSource,
  fileUrls: FileUrls,
): TDetailSource {
  if (type === 'report') {
    const report = source as TReportSource;
    return {
      ...report,
      files: report.files.map((file) => ({ ...file, url: fileUrls.forUrl(file.url) })),
      pdf_image: report.pdf_image.map(fileUrls.forUrl),
      pdf_layout: report.pdf_layout.map(fileUrls.forUrl),
      pdf_layouts: fileUrls.forUrl(report.pdf_layouts),
    };
  }
  if (type === 'insight') {
    const analysis = source as TAnalysisSource;
    return {
      ...analysis,
      anal_data_info: { ...analysis.anal_data_info, url: fileUrls.forUrl(analysis.anal_data_info.url) },
      quote_data_info: analysis.quote_data_info.map((file) => ({ ...file, url: fileUrls.forUrl(file.url) })),
    };
  }
  if (type === 'material') {
    const material = source as TMaterialSource;
    return { ...material, url: fileUrls.forUrl(material.url), cover: fileUrls.forUrl(material.cover) };
  }
  return source;
}
