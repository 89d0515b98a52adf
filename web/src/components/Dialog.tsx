import { useRef, type ReactNode } from 'react';
import { DIALOG_TEXT } from './dialogText.ts';
import { useModalLayer } from './useModalLayer.ts';
import './Dialog.css';

type TDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name; also its visible heading unless `title` is given. */
  label: string;
  title?: ReactNode;
  /** `full`: the whole window (the PDF reader); `large`: most of it (documents, tables); `small`: a question or a short form. */
  size?: 'small' | 'default' | 'large' | 'full';
  /** Extra controls in the header, before the close button. */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * A modal dialog in plain React: Escape and the 关闭 button close it, focus moves in on open
 * and back to where it was on close, and the page behind does not scroll. antd's Modal would
 * add ~30 KiB to detail screens that only open a dialog on demand.
 */
export function Dialog({ open, onClose, label, title, size = 'default', actions, children }: TDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useModalLayer(open, onClose, panelRef);

  if (!open) {
    return null;
  }
  // Rendered in place, not through a portal: react-dom's portal module would add ~1.5 KiB to the
  // React chunk every screen loads; a fixed-position layer needs no portal here.
  return (
    <div className={`dialog dialog--${size}`}>
      <div className="dialog__mask" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className="dialog__panel"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
      >
        <header className="dialog__header">
          <h2 className="dialog__title">{title ?? label}</h2>
          {actions}
          <button type="button" className="dialog__close" onClick={onClose} aria-label={DIALOG_TEXT.close}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </div>
  );
}
