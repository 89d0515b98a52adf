import type { TFeedbackInfo } from '@portal/contract';
import { FEEDBACK_TEXT } from '../texts.ts';

/** Contact lines, the two QR codes (a slot without a configured image is left out) and the copyright. */
export function FeedbackFooter({ footer }: { footer: TFeedbackInfo['footer'] }) {
  const codes = [
    { key: 'official', src: footer.official_qr, label: FEEDBACK_TEXT.officialQr },
    { key: 'miniprogram', src: footer.miniprogram_qr, label: FEEDBACK_TEXT.miniprogramQr },
  ].filter((code) => code.src !== '');
  return (
    <footer className="fb-footer">
      <div className="fb-footer__main">
        <section className="fb-footer__contact">
          <h2 className="fb-footer__title">{FEEDBACK_TEXT.contact}</h2>
          {footer.contact.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
        {codes.length > 0 && (
          <ul className="fb-footer__codes">
            {codes.map((code) => (
              <li key={code.key}>
                <img src={code.src} alt={code.label} width={100} height={100} />
                <span>{code.label}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="fb-footer__copyright">{footer.copyright}</p>
    </footer>
  );
}
