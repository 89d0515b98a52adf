import { useEffect, useRef, useState } from 'react';
import { IMAGE_UPLOAD_ACCEPT, MSG, ResultCode } from '@portal/contract';
import { ApiError } from '../../../api/client.ts';
import { notify } from '../../../api/notify.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { uploadAvatar } from '../api.ts';
import { checkImageFile, cropToSquare } from '../cropSquare.ts';
import { ACCOUNT_TEXT } from '../texts.ts';

type TProps = { avatar: string; name: string; onSaved: (avatar: string) => void };
type TCrop = { blob: Blob; url: string };

/** Spec §8: a refusal with code -1 shows the server's message as a warning; anything else 上传失败. */
function showUploadFailure(error: unknown): void {
  if (error instanceof ApiError && error.code === ResultCode.failure) {
    notify.warning(error.message);
  } else {
    notify.error(MSG.uploadFailed);
  }
}

/**
 * The avatar and 更换头像: the picked file is checked by content, cropped to its centred square
 * in a canvas, shown for confirmation, and uploaded only on 确定.
 */
export function AvatarField({ avatar, name, onSaved }: TProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [crop, setCrop] = useState<TCrop | null>(null);

  // The preview's object URL lives as long as the preview.
  useEffect(() => (crop ? () => URL.revokeObjectURL(crop.url) : undefined), [crop]);

  const onPick = async (file: File | undefined) => {
    if (inputRef.current) {
      inputRef.current.value = '';
    }
    if (!file) {
      return;
    }
    try {
      const problem = await checkImageFile(file);
      if (problem) {
        throw new Error(problem);
      }
      const blob = await cropToSquare(file);
      setCrop({ blob, url: URL.createObjectURL(blob) });
    } catch (error) {
      showUploadFailure(error);
    }
  };

  const onConfirm = async () => {
    if (!crop) {
      return;
    }
    setBusy(true);
    try {
      const reply = await uploadAvatar(crop.blob, 'avatar.png');
      onSaved(reply.avatar);
      setCrop(null);
      notify.success(ACCOUNT_TEXT.avatarSaved);
    } catch (error) {
      showUploadFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="acc-avatar">
      <span className="acc-avatar__picture" aria-hidden="true">
        {avatar !== '' ? <img src={avatar} alt="" /> : name.slice(0, 1)}
      </span>
      <div className="acc-avatar__side">
        <label className="acc-button">
          {ACCOUNT_TEXT.changeAvatar}
          <input
            ref={inputRef}
            className="acc-file"
            type="file"
            accept={IMAGE_UPLOAD_ACCEPT}
            aria-label={ACCOUNT_TEXT.changeAvatar}
            onChange={(event) => void onPick(event.target.files?.[0])}
          />
        </label>
        <p className="acc-hint">{ACCOUNT_TEXT.avatarHint}</p>
      </div>
      <Dialog open={crop !== null} onClose={() => setCrop(null)} label={ACCOUNT_TEXT.cropTitle}>
        <div className="acc-dialog acc-crop">
          {crop && <img className="acc-crop__preview" src={crop.url} alt={ACCOUNT_TEXT.cropPreview} />}
          <p className="acc-hint">{ACCOUNT_TEXT.cropHint}</p>
          <div className="acc-actions">
            <button type="button" className="acc-button" onClick={() => setCrop(null)}>
              {ACCOUNT_TEXT.cancel}
            </button>
            <button
              type="button"
              className="acc-button acc-button--primary"
              onClick={() => void onConfirm()}
              disabled={busy}
            >
              {busy ? ACCOUNT_TEXT.uploading : ACCOUNT_TEXT.useAvatar}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
