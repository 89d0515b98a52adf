import { Link } from 'react-router';
import { Button } from 'antd';
import { STATIC_ROUTES } from '@portal/contract';
import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { HEADLINES_TEXT } from '../texts.ts';

/** 分享的头条 (/headlines_no_token/:id, anonymous): the reduced page with a prompt to log in. */
export function HeadlinesNoTokenPage() {
  return (
    <PagePlaceholder
      title={HEADLINES_TEXT.sharedTitle}
      action={
        <Link to={STATIC_ROUTES.login.path}>
          <Button type="primary">{HEADLINES_TEXT.loginForMore}</Button>
        </Link>
      }
    />
  );
}
