import { useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Icon } from '../../components/icon/Icon.tsx';
import { SEARCH_TEXT_MAX, STATIC_ROUTES, validateSearchText } from '@portal/contract';
import { notify } from '../../api/notify.ts';
import { APP_TEXT } from '../texts.ts';

const SEARCH_PATH = STATIC_ROUTES.searchPage.path;

/** /searchpage/searchpage?search=<text> */
export function searchUrl(text: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ search: text.trim() }).toString()}`;
}

/**
 * The top bar's search: Enter or the icon opens the results page (spec §2 "Search"). A plain
 * input styled like antd's: antd's Input brings TextArea, OTP and form plumbing to every screen.
 */
export function SearchBox({ compact = false }: { compact?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const onSearchPage = location.pathname === SEARCH_PATH;
  const current = onSearchPage ? (new URLSearchParams(location.search).get('search') ?? '') : '';
  const [value, setValue] = useState(current);
  // Keep the box showing the query of the results page, also after back/forward.
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    setShown(current);
    if (onSearchPage) {
      setValue(current);
    }
  }

  const submit = () => {
    const problem = validateSearchText(value);
    if (problem !== null) {
      notify.warning(problem);
      return;
    }
    void navigate(searchUrl(value));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter that confirms an IME candidate (typing Chinese) is not a search.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      submit();
    }
  };

  return (
    <div className="search-box">
      <input
        className="search-box__input"
        type="search"
        aria-label={APP_TEXT.searchLabel}
        placeholder={compact ? APP_TEXT.searchPlaceholderShort : APP_TEXT.searchPlaceholder}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        enterKeyHint="search"
        maxLength={SEARCH_TEXT_MAX}
      />
      {value !== '' && (
        <button
          type="button"
          className="search-box__clear"
          aria-label={APP_TEXT.searchClear}
          onClick={() => setValue('')}
        >
          <Icon icon={CloseCircleFilled} />
        </button>
      )}
      <button
        type="button"
        className="search-box__submit"
        aria-label={APP_TEXT.searchSubmit}
        onClick={submit}
      >
        <Icon icon={SearchOutlined} />
      </button>
    </div>
  );
}
