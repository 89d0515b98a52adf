import { Link, Navigate } from 'react-router';
import { loginPathFor } from '../../../app/session/returnPath.ts';
import { CONTENT_INDEXES, detailApi } from '@portal/contract';
import { useSession } from '../../../app/session/sessionStore.ts';
import { useDetail } from '../../../entities/detail/api.ts';
import { DetailStatus } from '../../../entities/detail/components/DetailStatus.tsx';
import { detailFailure } from '../../../entities/detail/detailError.ts';
import { useDetailParams } from '../../../entities/detail/useDetailParams.ts';
import { HEADLINES_TEXT } from '../texts.ts';
import '../../../entities/detail/components/Detail.css';
import './SharedHeadline.css';
import { HeadlineMeta } from './HeadlineMeta.tsx';

/**
 * 分享的头条 (/headlines_no_token/:id): a logged-out visitor (is_login false) gets title, time
 * and description with a prompt to log in; a signed-in one goes on to the full headline page.
 */
export function SharedHeadline() {
  const { id, index } = useDetailParams(CONTENT_INDEXES.business);
  const { token } = useSession();
  const query = useDetail(detailApi.headline, id, index);
  const fullPath = `/headlines/headlines_details/${encodeURIComponent(id)}?${new URLSearchParams({ id, index }).toString()}`;

  if (token && (query.data?.is_login ?? true)) {
    return <Navigate to={fullPath} replace />;
  }
  if (query.isPending) {
    return <DetailStatus kind="loading" />;
  }
  if (query.isError) {
    const failure = detailFailure(query.error);
    // A restricted headline (1001) may open for this visitor's account once signed in.
    const login =
      failure === 'noPermission' ? (
        <Link to={loginPathFor(fullPath, '')} className="detail-btn detail-btn--primary">
          {HEADLINES_TEXT.loginNow}
        </Link>
      ) : undefined;
    return <DetailStatus kind={failure} action={login} />;
  }
  const source = query.data.detail_info._source;
  if (query.data.is_login) {
    return <Navigate to={fullPath} replace />;
  }

  return (
    <article className="shared-headline" aria-labelledby="shared-headline-title">
      <title>{`${source.title} - ${HEADLINES_TEXT.sharedTitle} - 洞察门户`}</title>
      {/* A visitor from a chat app should see whose page this is. */}
      <p className="shared-headline__brand">
        {HEADLINES_TEXT.brand} · {HEADLINES_TEXT.sharedTitle}
      </p>
      <h1 id="shared-headline-title" className="shared-headline__title">
        {source.title}
      </h1>
      <HeadlineMeta source={source} className="shared-headline__meta" />
      {source.description && <p className="shared-headline__desc">{source.description}</p>}
      <div className="shared-headline__prompt">
        <p>{HEADLINES_TEXT.loginForMore}</p>
        {/* After logging in the visitor reads the full headline, not the home page. */}
        <Link to={loginPathFor(fullPath, '')} className="detail-btn detail-btn--primary">
          {HEADLINES_TEXT.loginNow}
        </Link>
      </div>
    </article>
  );
}
