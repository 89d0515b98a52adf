import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import { Icon } from '../../components/icon/Icon.tsx';
import { SIDEBAR_WIDTH_PX } from '@portal/contract';
import { APP_TEXT } from '../texts.ts';
import { Brand } from './Brand.tsx';
import { SearchBox } from './SearchBox.tsx';
import { UserMenu } from './UserMenu.tsx';

type TTopBarProps = { isMobile: boolean; navOpen: boolean; onOpenNav: () => void };

/** Search box and avatar menu; on mobile also the button that opens the navigation drawer. */
export function TopBar({ isMobile, navOpen, onOpenNav }: TTopBarProps) {
  return (
    <header className="topbar">
      {isMobile ? (
        <>
          <button
            type="button"
            className="topbar__nav-button"
            aria-label={APP_TEXT.openNav}
            aria-expanded={navOpen}
            onClick={onOpenNav}
          >
            <Icon icon={MenuOutlined} />
          </button>
          <Brand compact />
        </>
      ) : (
        <div className="topbar__brand" style={{ width: SIDEBAR_WIDTH_PX }}>
          <Brand />
        </div>
      )}
      <div className="topbar__search">
        <SearchBox compact={isMobile} />
      </div>
      <UserMenu compact={isMobile} />
    </header>
  );
}
