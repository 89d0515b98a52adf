import { lazy, Suspense, useState } from 'react';
import type { TRelatedFile } from '@portal/contract';
import { downloadFile } from '../../../components/downloadFile.ts';
import { ANALYSIS_TEXT } from '../texts.ts';
import { viewableKind } from './viewableKind.ts';

// The preview dialog and its viewers load on the first 查看.
const RelatedFileDialog = lazy(async () => ({
  default: (await import('./RelatedFileDialog.tsx')).RelatedFileDialog,
}));

/** 相关文件: each with 下载, and 查看 in a dialog for excel, word and pdf. */
export function RelatedFiles({ detailId, files }: { detailId: string; files: readonly TRelatedFile[] }) {
  const [viewing, setViewing] = useState<TRelatedFile | null>(null);
  if (files.length === 0) {
    return null;
  }
  return (
    <section className="detail-card related-files" aria-label={ANALYSIS_TEXT.relatedFiles}>
      <h2 className="detail-section__title">{ANALYSIS_TEXT.relatedFiles}</h2>
      <ul className="related-files__list">
        {files.map((file) => (
          <li key={file.url} className="related-files__item">
            <span className="related-files__ext">{file.ext.toUpperCase()}</span>
            <span className="related-files__title">{file.title}</span>
            <span className="related-files__time">{file.create_time}</span>
            <span className="related-files__actions">
              {viewableKind(file.ext) && (
                <button
                  type="button"
                  className="detail-btn"
                  aria-label={`${ANALYSIS_TEXT.view} ${file.title}`}
                  onClick={() => setViewing(file)}
                >
                  {ANALYSIS_TEXT.view}
                </button>
              )}
              <button
                type="button"
                className="detail-btn"
                aria-label={`${ANALYSIS_TEXT.download} ${file.title}`}
                onClick={() => downloadFile(file.url, file.title)}
              >
                {ANALYSIS_TEXT.download}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {viewing && (
        <Suspense fallback={null}>
          <RelatedFileDialog detailId={detailId} file={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </section>
  );
}
