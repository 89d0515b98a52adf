import { useState, type FormEvent } from 'react';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Icon } from '../../../components/icon/Icon.tsx';
import { SEARCH_TEXT_MAX, validateSearchText } from '@portal/contract';
import { SEARCH_FORM_TEXT } from '../texts.ts';
import './SearchForm.css';

type TSearchFormProps = {
  /** The query shown in the URL; the box follows it (top-bar searches, back and forward). */
  value: string;
  onSearch: (text: string) => void;
};

/**
 * The results page's own keyword box: Enter or the icon runs the search; an empty box says
 * 搜索内容不能为空 under it.
 */
export function SearchForm({ value, onSearch }: TSearchFormProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  if (value !== shown) {
    setShown(value);
    setText(value);
    setProblem(null);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = validateSearchText(text);
    setProblem(error);
    if (error === null) {
      onSearch(text.trim());
    }
  };

  return (
    <form className="search-form" role="search" onSubmit={submit} noValidate>
      <div className={problem ? 'search-form__box search-form__box--error' : 'search-form__box'}>
        <input
          className="search-form__input"
          type="search"
          aria-label={SEARCH_FORM_TEXT.boxLabel}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'search-form-error' : undefined}
          placeholder={SEARCH_FORM_TEXT.boxPlaceholder}
          value={text}
          maxLength={SEARCH_TEXT_MAX}
          enterKeyHint="search"
          onChange={(event) => {
            setText(event.target.value);
            if (problem) {
              setProblem(null);
            }
          }}
        />
        <button type="submit" className="search-form__submit" aria-label={SEARCH_FORM_TEXT.submit}>
          <Icon icon={SearchOutlined} />
        </button>
      </div>
      {problem && (
        <p id="search-form-error" className="search-form__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
