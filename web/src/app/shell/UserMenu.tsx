import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Icon } from '../../components/icon/Icon.tsx';
import { maskPhone, Role, STATIC_ROUTES } from '@portal/contract';
import { useMenuButton } from '../../components/useMenuButton.ts';
import { useSession } from '../session/sessionStore.ts';
import { APP_TEXT } from '../texts.ts';
import { useLogout } from './useLogout.ts';

function UserAvatar({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className="user-avatar" aria-hidden="true">
      {src !== '' && failed !== src ? (
        <img src={src} alt="" onError={() => setFailed(src)} />
      ) : (
        name.slice(0, 1)
      )}
    </span>
  );
}

type TEntry = { key: string; label: string; icon: ReactNode; run: () => void };

/**
 * Avatar button and its menu: 个人设置, 订阅设置, 切换后台 (role 2 only), 退出登录. A menu button per
 * WAI-ARIA: arrows move between entries, Escape closes, a click elsewhere closes.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { user, roles } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const { open, close, rootRef, buttonProps, menuProps } = useMenuButton();

  const name = user?.nickname || (user?.phone ? maskPhone(user.phone) : APP_TEXT.defaultNickname);
  const entries: TEntry[] = [
    {
      key: 'self',
      label: APP_TEXT.selfSetting,
      icon: <Icon icon={UserOutlined} />,
      run: () => void navigate(STATIC_ROUTES.selfSetting.path),
    },
    {
      key: 'keywords',
      label: APP_TEXT.keywordSetting,
      icon: <Icon icon={MailOutlined} />,
      run: () => void navigate(STATIC_ROUTES.keywordSetting.path),
    },
    ...(roles.includes(Role.admin)
      ? [
          {
            key: 'admin',
            label: APP_TEXT.switchAdmin,
            icon: <Icon icon={SwapOutlined} />,
            run: () => void navigate(STATIC_ROUTES.admin.path),
          },
        ]
      : []),
    { key: 'logout', label: APP_TEXT.logout, icon: <Icon icon={LogoutOutlined} />, run: () => void logout() },
  ];

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        {...buttonProps}
        type="button"
        className="user-menu__button"
        // Named by its content where the name shows, so what is seen is what is announced (WCAG
        // 2.5.3: a label would not hold the avatar's initial that sits visibly beside the name).
        aria-label={compact ? APP_TEXT.userMenu : undefined}
      >
        <UserAvatar src={user?.avatar ?? ''} name={name} />
        {!compact && <span className="user-menu__name">{name}</span>}
        {!compact && <span className="visually-hidden">{APP_TEXT.userMenu}</span>}
        {!compact && <Icon icon={DownOutlined} className="user-menu__caret" />}
      </button>
      {open && (
        <div className="user-menu__popup">
          <div className="user-menu__header">
            <span className="user-menu__header-name">{name}</span>
            {user?.phone && <span className="user-menu__header-phone">{maskPhone(user.phone)}</span>}
          </div>
          <div {...menuProps} aria-label={APP_TEXT.userMenu}>
            {entries.map((entry) => (
              <button
                key={entry.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={
                  entry.key === 'logout' ? 'user-menu__item user-menu__item--logout' : 'user-menu__item'
                }
                onClick={() => {
                  close(false);
                  entry.run();
                }}
              >
                {entry.icon}
                <span>{entry.label}</span>
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
