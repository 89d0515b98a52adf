import { IngestError } from '../../ingest/ingest-error.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import { ingestDuration, ingestJobs, ingestQueue } from './metrics.ts';

type JobKind = 'process' | 'render' | 'layout';

/**
 * The same runner, with its jobs counted: the queue gauge rises when a job is handed over (the
 * worker runs one at a time, so waiting jobs count too) and falls when it ends. An
 * `IngestError` (not a PDF, encrypted, too large) is `refused`, anything else `failed`.
 */
export function measuredPdfRunner(runner: PdfRunner): PdfRunner {
  return {
    process: (bytes, options, onPage) => measure('process', () => runner.process(bytes, options, onPage)),
    renderPage: (bytes, pageNo, width) => measure('render', () => runner.renderPage(bytes, pageNo, width)),
    pageLayout: (bytes, pageNo) => measure('layout', () => runner.pageLayout(bytes, pageNo)),
  };
}

async function measure<T>(kind: JobKind, job: () => Promise<T>): Promise<T> {
  ingestQueue.inc({ kind });
  const end = ingestDuration.startTimer({ kind });
  let outcome = 'failed';
  try {
    const result = await job();
    outcome = 'ok';
    return result;
  } catch (error) {
    outcome = error instanceof IngestError ? 'refused' : 'failed';
    throw error;
  } finally {
    ingestQueue.dec({ kind });
    end();
    ingestJobs.inc({ kind, outcome });
  }
}
