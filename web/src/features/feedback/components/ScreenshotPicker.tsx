import { useRef, useState } from 'react';
import {
  canAddScreenshot,
  IMAGE_UPLOAD_ACCEPT,
  MSG,
  ResultCode,
  SCREENSHOTS_MAX,
  validateImageUpload,
} from '@portal/contract';
import { ApiError } from '../../../api/client.ts';
import { notify } from '../../../api/notify.ts';
import { uploadScreenshot } from '../api.ts';
import { FEEDBACK_TEXT } from '../texts.ts';

type TProps = { urls: readonly string[]; onChange: (urls: string[]) => void };

/** Checks type (by content) and size before sending; a refused file says 上传失败. */
async function upload(file: File): Promise<string> {
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  if (validateImageUpload(head, file.size)) {
    throw new Error(MSG.uploadFailed);
  }
  return (await uploadScreenshot(file)).feedback_url;
}

/**
 * Up to four screenshots: thumbnails with a remove button, and an add tile that hides at four.
 * Choosing more files than there is room for says 最多只能上传4张素材 and uploads none of them.
 */
export function ScreenshotPicker({ urls, onChange }: TProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const onPick = async (files: File[]) => {
    if (inputRef.current) {
      inputRef.current.value = '';
    }
    if (files.length === 0) {
      return;
    }
    if (urls.length + files.length > SCREENSHOTS_MAX) {
      notify.warning(MSG.feedbackTooManyShots);
      return;
    }
    setBusy(true);
    const added: string[] = [];
    for (const file of files) {
      try {
        added.push(await upload(file));
      } catch (error) {
        // Spec §8: a refusal with code -1 shows the server's message as a warning; anything else 上传失败.
        if (error instanceof ApiError && error.code === ResultCode.failure) {
          notify.warning(error.message);
        } else {
          notify.error(MSG.uploadFailed);
        }
      }
    }
    setBusy(false);
    if (added.length > 0) {
      onChange([...urls, ...added]);
    }
  };

  return (
    <ul className="fb-shots" aria-label={FEEDBACK_TEXT.screenshots}>
      {urls.map((url, i) => (
        <li key={url} className="fb-shot">
          <img src={url} alt={FEEDBACK_TEXT.screenshotAlt(i + 1)} />
          <button
            type="button"
            className="fb-shot__remove"
            aria-label={FEEDBACK_TEXT.removeScreenshot(i + 1)}
            onClick={() => onChange(urls.filter((u) => u !== url))}
          >
            ×
          </button>
        </li>
      ))}
      {canAddScreenshot(urls.length) && (
        <li className="fb-shot fb-shot--add">
          <label className={busy ? 'fb-add fb-add--busy' : 'fb-add'}>
            <span aria-hidden="true" className="fb-add__plus">
              +
            </span>
            <span>{busy ? FEEDBACK_TEXT.uploading : FEEDBACK_TEXT.addScreenshot}</span>
            <input
              ref={inputRef}
              className="fb-file"
              type="file"
              multiple
              accept={IMAGE_UPLOAD_ACCEPT}
              disabled={busy}
              aria-label={FEEDBACK_TEXT.addScreenshot}
              onChange={(event) => void onPick([...(event.target.files ?? [])])}
            />
          </label>
        </li>
      )}
    </ul>
  );
}
