import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { TClassifierReply } from '@portal/contract';
import {
  CLASSIFIER_THRESHOLD,
  IMAGE_UPLOAD_ACCEPT,
  isClassifierResultShown,
  MSG,
  validateImageUpload,
} from '@portal/contract';
import { notify } from '../../../../api/notify.ts';
import { classifyImage } from '../../api.ts';
import { ANALYSIS_TEXT } from '../../texts.ts';
import { errorMessage } from '../../../../api/errorMessage.ts';
import { ViewerNotice } from './ViewerNotice.tsx';

type TClassifyState =
  | { kind: 'idle' | 'pending' }
  | { kind: 'done'; reply: TClassifierReply }
  | { kind: 'failed'; message: string };

/** Bytes enough to recognise jpg, png and bmp by their signature (rules/upload.ts). */
const HEAD_BYTES = 32;

/**
 * Image classifier (spec §2): one jpg/png/bmp up to 4 MB — checked by its first bytes here as
 * on the server — is sent to the analysis's model; results at or above the threshold show.
 */
export function ClassifierViewer({ detailId }: { detailId: string }) {
  const inputId = useId();
  const sliderId = useId();
  const [threshold, setThreshold] = useState<number>(CLASSIFIER_THRESHOLD.default);
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<TClassifyState>({ kind: 'idle' });
  const latest = useRef(0);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      return;
    }
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const refused = validateImageUpload(head, file.size);
    if (refused) {
      notify.warning(refused);
      return;
    }
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    const run = ++latest.current;
    setState({ kind: 'pending' });
    try {
      const reply = await classifyImage(detailId, file);
      if (run === latest.current) {
        setState({ kind: 'done', reply });
      }
    } catch (error) {
      if (run === latest.current) {
        setState({ kind: 'failed', message: errorMessage(error, MSG.uploadFailed) });
      }
    }
  };

  const results = state.kind === 'done' ? state.reply.results : [];
  const shown = results.filter((result) => isClassifierResultShown(result.score, threshold));

  return (
    <div className="classifier">
      <div className="classifier__controls">
        <label htmlFor={inputId} className="detail-btn detail-btn--primary classifier__pick">
          {ANALYSIS_TEXT.chooseImage}
        </label>
        <input
          id={inputId}
          className="classifier__file"
          type="file"
          accept={IMAGE_UPLOAD_ACCEPT}
          aria-label={ANALYSIS_TEXT.chooseImage}
          onChange={(event) => void onFile(event)}
        />
        <span className="classifier__hint">{ANALYSIS_TEXT.imageHint}</span>
        <div className="classifier__threshold">
          <label htmlFor={sliderId}>{ANALYSIS_TEXT.threshold}</label>
          <input
            id={sliderId}
            className="classifier__slider"
            type="range"
            min={CLASSIFIER_THRESHOLD.min}
            max={CLASSIFIER_THRESHOLD.max}
            step={CLASSIFIER_THRESHOLD.step}
            value={threshold}
            onChange={(event) => setThreshold(Number(event.target.value))}
          />
          <output className="classifier__value" htmlFor={sliderId}>
            {threshold.toFixed(2)}
          </output>
        </div>
      </div>
      <div className="classifier__body">
        {preview && <img className="classifier__preview" src={preview} alt={ANALYSIS_TEXT.preview} />}
        <div className="classifier__results">
          {state.kind === 'pending' && <p className="viewer-loading">{ANALYSIS_TEXT.classifying}</p>}
          {state.kind === 'failed' && <ViewerNotice message={state.message} />}
          {state.kind === 'done' && (
            <table className="sheet-table classifier__table" aria-label={ANALYSIS_TEXT.results}>
              <thead>
                <tr>
                  <th scope="col">{ANALYSIS_TEXT.resultName}</th>
                  <th scope="col">{ANALYSIS_TEXT.resultScore}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((result) => (
                  <tr key={result.name}>
                    <td>{result.name}</td>
                    <td>{Math.round(result.score * 100)}%</td>
                  </tr>
                ))}
                {shown.length === 0 && (
                  <tr>
                    <td colSpan={2}>{ANALYSIS_TEXT.noResults}</td>
                  </tr>
                )}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </div>
  );
}
