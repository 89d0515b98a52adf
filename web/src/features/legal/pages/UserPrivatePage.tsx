import { Link } from 'react-router';
import { STATIC_ROUTES } from '@portal/contract';
import { getToken } from '../../../api/cookies.ts';
import { usePrivacyPolicy } from '../api.ts';
import { policyBlocks } from '../policyBlocks.ts';
import { LEGAL_TEXT } from '../texts.ts';
import './UserPrivatePage.css';

/** 用户隐私政策 (/user_private, anonymous): the operator's policy text, rendered as text, never HTML. */
export function UserPrivatePage() {
  const policy = usePrivacyPolicy().data ?? null;

  return (
    <article className="policy">
      <title>{`${LEGAL_TEXT.privacyTitle} - 洞察门户`}</title>
      <h1 className="policy__title">{policy?.title ?? LEGAL_TEXT.privacyTitle}</h1>
      {policy === null ? (
        <p className="policy__loading">{LEGAL_TEXT.loading}</p>
      ) : (
        policyBlocks(policy.text).map((block, i) =>
          block.kind === 'heading' ? <h2 key={i}>{block.text}</h2> : <p key={i}>{block.text}</p>,
        )
      )}
      {!getToken() && (
        <p className="policy__back">
          <Link to={STATIC_ROUTES.login.path}>{LEGAL_TEXT.backToLogin}</Link>
        </p>
      )}
    </article>
  );
}
