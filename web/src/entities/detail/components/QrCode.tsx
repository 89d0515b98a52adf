import { useState } from 'react';
import type { QR_TYPES } from '@portal/contract';
import { detailApi } from '@portal/contract';
import { endpointUrl } from '../../../api/client.ts';
import { DETAIL_TEXT } from '../texts.ts';

type TQrCodeProps = { type: (typeof QR_TYPES)[number]; id: string; index: string };

/** The share QR code (GET /wxqrcode), a PNG shown at 100×100; hidden if it cannot load. */
export function QrCode({ type, id, index }: TQrCodeProps) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return null;
  }
  return (
    <figure className="detail-qr">
      <img
        src={endpointUrl(detailApi.qrCode, { type, id, index })}
        width={100}
        height={100}
        alt={DETAIL_TEXT.qrAlt}
        onError={() => setFailed(true)}
      />
      <figcaption>{DETAIL_TEXT.qrHint}</figcaption>
    </figure>
  );
}
