import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { maskPhone, MSG, STATIC_ROUTES, type TUserInfo } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { endSession } from '../../../app/session/session.ts';
import { accountKeys, useUserInfo } from '../api.ts';
import { AvatarField } from '../components/AvatarField.tsx';
import { NicknameField } from '../components/NicknameField.tsx';
import { patchSessionUser } from '../sessionUser.ts';
import { ACCOUNT_TEXT } from '../texts.ts';
import '../../../components/Page.css';
import '../account.css';

// Dialogs load on first open: they are not part of the first screen.
const PhoneDialog = lazy(() =>
  import('../components/PhoneDialog.tsx').then((m) => ({ default: m.PhoneDialog })),
);
const ChangeEmailDialog = lazy(() =>
  import('../../../entities/subscriptions/components/ChangeEmailDialog.tsx').then((m) => ({
    default: m.ChangeEmailDialog,
  })),
);

type TDialog = 'phone' | 'email' | null;

/** 个人设置 (/self/self_setting): avatar, nickname, phone and e-mail; each change shows in the top bar at once. */
export function SelfSettingPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user = null, isError } = useUserInfo();
  const [dialog, setDialog] = useState<TDialog>(null);

  useEffect(() => {
    // Spec §8 "Session-info failure": the line, then back to login.
    if (isError) {
      notify.error(MSG.sessionFailed);
      endSession();
      void navigate(STATIC_ROUTES.login.path, { replace: true });
    }
  }, [isError, navigate]);

  const update = (patch: Partial<TUserInfo>) => {
    queryClient.setQueryData<TUserInfo>(accountKeys.userInfo, (current) =>
      current ? { ...current, ...patch } : current,
    );
    patchSessionUser(patch);
  };

  return (
    <div className="page acc-page">
      <title>{`${ACCOUNT_TEXT.selfSettingTitle} - 洞察门户`}</title>
      <header className="page__header">
        <h1 className="page__title">{ACCOUNT_TEXT.selfSettingTitle}</h1>
        <p className="page__desc">{ACCOUNT_TEXT.selfSettingDesc}</p>
      </header>
      {user === null ? (
        <div className="acc-card acc-card--loading">{ACCOUNT_TEXT.loading}</div>
      ) : (
        <dl className="acc-card">
          <div className="acc-row">
            <dt className="acc-row__label">{ACCOUNT_TEXT.avatar}</dt>
            <dd className="acc-row__value">
              <AvatarField
                avatar={user.avatar}
                name={user.nickname}
                onSaved={(avatar) => update({ avatar })}
              />
            </dd>
          </div>
          <div className="acc-row">
            <dt className="acc-row__label">{ACCOUNT_TEXT.nickname}</dt>
            <dd className="acc-row__value">
              <NicknameField nickname={user.nickname} onSaved={(nickname) => update({ nickname })} />
            </dd>
          </div>
          <div className="acc-row">
            <dt className="acc-row__label">{ACCOUNT_TEXT.phone}</dt>
            <dd className="acc-row__value">
              <div className="acc-value">
                <span className="acc-value__text" data-testid="phone">
                  {maskPhone(user.phone)}
                </span>
                <button type="button" className="acc-link" onClick={() => setDialog('phone')}>
                  {ACCOUNT_TEXT.changePhone}
                </button>
              </div>
            </dd>
          </div>
          <div className="acc-row">
            <dt className="acc-row__label">{ACCOUNT_TEXT.email}</dt>
            <dd className="acc-row__value">
              <div className="acc-value">
                <span className="acc-value__text" data-testid="email">
                  {user.email || ACCOUNT_TEXT.emailNone}
                </span>
                <button type="button" className="acc-link" onClick={() => setDialog('email')}>
                  {ACCOUNT_TEXT.changeEmail}
                </button>
              </div>
            </dd>
          </div>
        </dl>
      )}
      <Suspense fallback={null}>
        {dialog === 'phone' && (
          <PhoneDialog
            open
            onClose={() => setDialog(null)}
            onChanged={(info) => {
              update({ phone: info.phone });
              setDialog(null);
            }}
          />
        )}
        {dialog === 'email' && user && (
          <ChangeEmailDialog
            open
            currentEmail={user.email}
            onClose={() => setDialog(null)}
            onChanged={(email) => {
              update({ email });
              setDialog(null);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
