import { lazy, Suspense } from 'react';
import type { TAnalysisSource, TServiceViewer } from '@portal/contract';
import { MSG, SERVICE_VIEWERS } from '@portal/contract';
import { useViewerStatus } from '../api.ts';
import { ANALYSIS_TEXT } from '../texts.ts';
import { ServiceNotConnected } from './viewers/ServiceNotConnected.tsx';
import { ViewerNotice } from './viewers/ViewerNotice.tsx';
import './AnalysisViewer.css';

// Each viewer is its own chunk: antd Tabs, Slider and pdf.js load only for the analyses that use them.
const ExcelViewer = lazy(async () => ({ default: (await import('./viewers/ExcelViewer.tsx')).ExcelViewer }));
const WordViewer = lazy(async () => ({ default: (await import('./viewers/WordViewer.tsx')).WordViewer }));
const PdfViewer = lazy(async () => ({ default: (await import('./viewers/PdfViewer.tsx')).PdfViewer }));
const TableauViewer = lazy(async () => ({
  default: (await import('./viewers/TableauViewer.tsx')).TableauViewer,
}));
const QuickBiViewer = lazy(async () => ({
  default: (await import('./viewers/QuickBiViewer.tsx')).QuickBiViewer,
}));
const PowerBiViewer = lazy(async () => ({
  default: (await import('./viewers/PowerBiViewer.tsx')).PowerBiViewer,
}));
const ClassifierViewer = lazy(async () => ({
  default: (await import('./viewers/ClassifierViewer.tsx')).ClassifierViewer,
}));

type TAnalysisViewerProps = { detailId: string; source: TAnalysisSource };

const PENDING_STATUS = (viewer: TServiceViewer) => ({ viewer, configured: false, missing: [], origin: '' });

const isServiceViewer = (ext: string): ext is TServiceViewer =>
  (SERVICE_VIEWERS as readonly string[]).includes(ext);

/**
 * The viewer for the analysis's file type (anal_data_ext). A viewer of an outside service asks
 * first whether that service is connected here; when it is not, the topic shows one designed
 * state instead of a frame the CSP would refuse or a provider error.
 */
export function AnalysisViewer({ detailId, source }: TAnalysisViewerProps) {
  const info = source.anal_data_info;
  const ext = source.anal_data_ext;
  const status = useViewerStatus(detailId, isServiceViewer(ext));
  const viewer = (() => {
    if (isServiceViewer(ext)) {
      if (status.isPending) {
        // Most topics of an outside service are not connected here: the state that then shows,
        // invisible under the loading line, keeps its height so the files below do not jump.
        return (
          <div className="viewer-pending">
            <p className="viewer-loading viewer-pending__line">{MSG.loading}</p>
            <div className="viewer-pending__shape" aria-hidden="true" inert>
              <ServiceNotConnected viewer={ext} status={PENDING_STATUS(ext)} />
            </div>
          </div>
        );
      }
      // When the status cannot be read, the viewer itself says what went wrong.
      if (status.data && !status.data.configured) {
        return <ServiceNotConnected viewer={ext} status={status.data} />;
      }
    }
    switch (source.anal_data_ext) {
      case 'excel':
        return <ExcelViewer detailId={detailId} />;
      case 'word':
        return <WordViewer detailId={detailId} />;
      case 'pdf':
        return <PdfViewer url={info.url} title={source.title} />;
      case 'tableau':
        return <TableauViewer info={info} />;
      case 'quickbi':
        return <QuickBiViewer info={info} />;
      case 'powerbi':
        return <PowerBiViewer info={info} />;
      case 'baidu_ai':
        return <ClassifierViewer detailId={detailId} />;
      default:
        return <ViewerNotice message={ANALYSIS_TEXT.unsupportedViewer} />;
    }
  })();
  return (
    <section
      className={`detail-card analysis-viewer analysis-viewer--${source.anal_data_ext}`}
      aria-label={ANALYSIS_TEXT.viewer}
      data-viewer={source.anal_data_ext}
    >
      <Suspense fallback={<p className="viewer-loading">{MSG.loading}</p>}>{viewer}</Suspense>
    </section>
  );
}
