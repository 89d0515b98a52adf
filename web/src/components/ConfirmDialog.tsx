import { Dialog } from './Dialog.tsx';
import { DIALOG_TEXT } from './dialogText.ts';
import './ConfirmDialog.css';

type TConfirmDialogProps = {
  open: boolean;
  /** The question, e.g. 确定是否删除该收藏夹? */
  message: string;
  onConfirm: () => void;
  /** Closing by 取消, the mask, × or Escape. */
  onCancel: () => void;
  busy?: boolean;
};

/** A yes/no question in the plain Dialog (antd's Modal.confirm would pull ~30 KiB into the screen). */
export function ConfirmDialog({ open, message, onConfirm, onCancel, busy = false }: TConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} label={DIALOG_TEXT.confirmTitle} size="small">
      <p className="confirm-dialog__message">{message}</p>
      <div className="confirm-dialog__actions">
        <button type="button" className="confirm-dialog__btn" onClick={onCancel}>
          {DIALOG_TEXT.cancel}
        </button>
        <button
          type="button"
          className="confirm-dialog__btn confirm-dialog__btn--primary"
          onClick={onConfirm}
          disabled={busy}
        >
          {DIALOG_TEXT.confirm}
        </button>
      </div>
    </Dialog>
  );
}
