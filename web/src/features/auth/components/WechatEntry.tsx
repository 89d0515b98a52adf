import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TWechatQr, TWechatStatus } from '@portal/contract';
import { ApiError } from '../../../api/client.ts';
import { notify } from '../../../api/notify.ts';
import { wechatLogin, wechatQr, wechatStatus } from '../../../entities/auth/api.ts';
import { finishThirdParty } from '../thirdParty.ts';
import { AUTH_TEXT } from '../texts.ts';

/** How often the page asks whether the phone has scanned the official-account QR. */
const POLL_MS = 2000;

/**
 * The login page's WeChat entries, shown only for what the server has configured: the website
 * QR (WeChat's own page, which returns to /connect) and the official-account QR shown here and
 * polled until the phone confirms.
 */
export function WechatEntry() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<TWechatStatus>({ open: false, official: false });
  const [qr, setQr] = useState<TWechatQr | null>(null);

  useEffect(() => {
    wechatStatus()
      .then(setStatus)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!qr) {
      return;
    }
    let live = true;
    const timer = window.setInterval(() => {
      wechatLogin({ poll: qr.poll })
        .then((reply) => {
          if (!live || reply.waiting) {
            return;
          }
          live = false;
          void navigate(finishThirdParty(reply), { replace: true });
        })
        .catch((error: unknown) => {
          if (!live) {
            return;
          }
          live = false;
          setQr(null);
          notify.error(error instanceof ApiError ? error.message : String(error));
        });
    }, POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [qr, navigate]);

  if (!status.open && !status.official) {
    return null;
  }

  const openWebsite = async () => {
    const reply = await wechatQr('open').catch(() => null);
    if (reply) {
      window.location.assign(reply.url);
    }
  };

  return (
    <div className="login-wechat">
      <p className="login-wechat__divider">
        <span>{AUTH_TEXT.orDivider}</span>
      </p>
      {qr ? (
        <figure className="login-wechat__qr">
          <img src={qr.qrcode} alt={AUTH_TEXT.wechatQrAlt} width={160} height={160} />
          <figcaption>{AUTH_TEXT.wechatScanHint}</figcaption>
        </figure>
      ) : (
        <div className="login-wechat__buttons">
          {status.open && (
            <button type="button" className="login-wechat__button" onClick={() => void openWebsite()}>
              {AUTH_TEXT.wechatLogin}
            </button>
          )}
          {status.official && (
            <button
              type="button"
              className="login-wechat__button"
              onClick={() => void wechatQr('official').then(setQr, () => undefined)}
            >
              {AUTH_TEXT.wechatOfficialLogin}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
