import { useRef, useState } from 'react';
import type { THighlightColor } from '@portal/contract';
import { HIGHLIGHT_COLORS, NOTE_CONTENT_MAX } from '@portal/contract';
import { useModalLayer } from '../useModalLayer.ts';
import { PDF_READER_TEXT } from './texts.ts';

type THighlightMenuProps = {
  /** Where the menu sits in the page area's content, px. */
  left: number;
  top: number;
  /** Saves the highlight; false keeps the menu open (the client has said why). */
  onHighlight: (color: THighlightColor, content: string) => Promise<boolean>;
  onClose: () => void;
};

/**
 * The menu beside selected text: a colour highlights at once; 高亮并写笔记 opens a note field
 * first (the note is optional, the highlight is saved in the chosen colour). It is a layer over
 * the reader: focus moves into it and stays under Tab, Escape closes it (not the reader), and
 * focus goes back where it was. The page keeps scrolling: the selection is already kept.
 */
export function HighlightMenu({ left, top, onHighlight, onClose }: THighlightMenuProps) {
  const [writing, setWriting] = useState(false);
  const [color, setColor] = useState<THighlightColor>('yellow');
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  useModalLayer(true, onClose, panelRef, { lockScroll: false });

  const save = async (chosen: THighlightColor, content: string) => {
    setSaving(true);
    const done = await onHighlight(chosen, content.trim());
    setSaving(false);
    if (done) {
      onClose();
    }
  };

  return (
    <div
      ref={panelRef}
      className="pdf-highlight-menu"
      role="dialog"
      aria-label={PDF_READER_TEXT.highlightMenu}
      tabIndex={-1}
      style={{ left, top }}
      onMouseUp={(event) => event.stopPropagation()}
    >
      <div className="pdf-highlight-menu__colors">
        {HIGHLIGHT_COLORS.map((c) => (
          <button
            key={c}
            type="button"
            className={`pdf-swatch pdf-mark--${c}`}
            aria-label={PDF_READER_TEXT.highlightAs(PDF_READER_TEXT.colors[c])}
            aria-pressed={writing ? color === c : undefined}
            title={PDF_READER_TEXT.highlightAs(PDF_READER_TEXT.colors[c])}
            disabled={saving}
            onClick={() => (writing ? setColor(c) : void save(c, ''))}
          />
        ))}
        {!writing && (
          <button type="button" className="pdf-highlight-menu__note" onClick={() => setWriting(true)}>
            {PDF_READER_TEXT.addNote}
          </button>
        )}
      </div>
      {writing && (
        <div className="pdf-highlight-menu__form">
          <textarea
            aria-label={PDF_READER_TEXT.notePlaceholder}
            placeholder={PDF_READER_TEXT.notePlaceholder}
            value={text}
            maxLength={NOTE_CONTENT_MAX}
            rows={3}
            autoFocus
            onChange={(event) => setText(event.target.value)}
          />
          <div className="pdf-highlight-menu__actions">
            <button type="button" className="pdf-reader__tool" onClick={onClose}>
              {PDF_READER_TEXT.cancel}
            </button>
            <button
              type="button"
              className="pdf-reader__tool pdf-reader__tool--primary"
              disabled={saving}
              onClick={() => void save(color, text)}
            >
              {PDF_READER_TEXT.save}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
