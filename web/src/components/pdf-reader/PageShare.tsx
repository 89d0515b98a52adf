import { useState } from 'react';
import { MSG } from '@portal/contract';
import { notify } from '../../api/notify.ts';
import { PDF_READER_TEXT } from './texts.ts';

export type TPageShare = {
  /** The address that opens the reader at `page` (absolute, to paste anywhere). */
  link: (page: number) => string;
  /** The image URL of a QR code of that address. */
  qr: (page: number) => string;
};

/** 复制本页链接 and 本页二维码 in the reader's toolbar (issue 21). */
export function PageShare({ share, page }: { share: TPageShare; page: number }) {
  const [qrOpen, setQrOpen] = useState(false);
  const copy = async () => {
    const link = share.link(page);
    try {
      await navigator.clipboard.writeText(link);
      notify.success(MSG.pageLinkCopied);
    } catch {
      // No clipboard (an http page, a refusal): show the link to copy by hand.
      notify.info(`${PDF_READER_TEXT.copyFailed}${link}`);
    }
  };
  return (
    <>
      <button type="button" className="pdf-reader__tool pdf-reader__text-tool" onClick={() => void copy()}>
        {PDF_READER_TEXT.copyPageLink}
      </button>
      <span className="pdf-reader__qr">
        <button
          type="button"
          className="pdf-reader__tool pdf-reader__text-tool"
          aria-expanded={qrOpen}
          onClick={() => setQrOpen((v) => !v)}
        >
          {PDF_READER_TEXT.pageQr}
        </button>
        {qrOpen && (
          <figure className="pdf-reader__qr-pop">
            <img src={share.qr(page)} width={140} height={140} alt={PDF_READER_TEXT.pageQrHint(page)} />
            <figcaption>{PDF_READER_TEXT.pageQrHint(page)}</figcaption>
          </figure>
        )}
      </span>
    </>
  );
}
