import { useState, type FormEvent } from 'react';
import {
  canAddCustomKeyword,
  CUSTOM_KEYWORDS_MAX,
  cleanText,
  validateNewCustomKeyword,
} from '@portal/contract';
import { SUBSCRIPTIONS_TEXT } from '../texts.ts';
import './subscriptions.css';

type TProps = {
  /** The recommended catalogue, in display order. */
  recommended: readonly string[];
  /** Chosen recommended keywords. */
  selected: readonly string[];
  /** The user's own keywords (at most five). */
  custom: readonly string[];
  /** Custom keywords are offered once the company type is set (spec §6). */
  allowCustom: boolean;
  onChange: (selected: string[], custom: string[]) => void;
  error?: string | null;
};

/** The keywords in the order they are saved: chosen recommended ones in catalogue order, then custom ones. */
export function subscribedKeywords(
  recommended: readonly string[],
  selected: readonly string[],
  custom: readonly string[],
) {
  return [...recommended.filter((k) => selected.includes(k)), ...custom];
}

/** Recommended keywords as toggles, and custom keywords with an add control that disappears at five. */
export function KeywordPicker({ recommended, selected, custom, allowCustom, onChange, error }: TProps) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);

  const toggle = (keyword: string) =>
    onChange(selected.includes(keyword) ? selected.filter((k) => k !== keyword) : [...selected, keyword], [
      ...custom,
    ]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const keyword = cleanText(draft);
    // A recommended keyword typed by hand is simply chosen.
    if (recommended.includes(keyword)) {
      if (!selected.includes(keyword)) {
        onChange([...selected, keyword], [...custom]);
      }
      setDraft('');
      setDraftError(null);
      return;
    }
    const problem = validateNewCustomKeyword(keyword, custom);
    setDraftError(problem);
    if (problem) {
      return;
    }
    onChange([...selected], [...custom, keyword]);
    setDraft('');
  };

  return (
    <div className="sub-fields">
      <fieldset className="sub-field" aria-describedby={error ? 'sub-keyword-error' : undefined}>
        <legend className="sub-field__label">
          <span className="sub-required" aria-hidden="true">
            *
          </span>
          {SUBSCRIPTIONS_TEXT.recommended}
        </legend>
        <div className="sub-chips">
          {recommended.map((keyword) => (
            <label
              key={keyword}
              className="sub-chip"
              data-checked={selected.includes(keyword) ? '' : undefined}
            >
              <input type="checkbox" checked={selected.includes(keyword)} onChange={() => toggle(keyword)} />
              {keyword}
            </label>
          ))}
        </div>
        {error && (
          <p id="sub-keyword-error" className="sub-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>

      <div className="sub-field" role="group" aria-labelledby="sub-custom-label">
        <p id="sub-custom-label" className="sub-field__label">
          {SUBSCRIPTIONS_TEXT.custom}
          {allowCustom && (
            <span className="sub-field__hint">
              {canAddCustomKeyword(custom.length)
                ? SUBSCRIPTIONS_TEXT.customHint(CUSTOM_KEYWORDS_MAX - custom.length)
                : `${custom.length}/${CUSTOM_KEYWORDS_MAX}`}
            </span>
          )}
        </p>
        {!allowCustom ? (
          <p className="sub-field__hint">{SUBSCRIPTIONS_TEXT.customNeedsType}</p>
        ) : (
          <>
            {custom.length > 0 && (
              <ul className="sub-chips sub-custom-list" aria-label={SUBSCRIPTIONS_TEXT.custom}>
                {custom.map((keyword) => (
                  <li key={keyword} className="sub-chip" data-checked="">
                    {keyword}
                    <button
                      type="button"
                      className="sub-chip__remove"
                      aria-label={SUBSCRIPTIONS_TEXT.remove(keyword)}
                      onClick={() =>
                        onChange(
                          [...selected],
                          custom.filter((k) => k !== keyword),
                        )
                      }
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {canAddCustomKeyword(custom.length) && (
              <form className="sub-add" onSubmit={add} noValidate>
                <input
                  className="sub-input"
                  aria-label={SUBSCRIPTIONS_TEXT.custom}
                  placeholder={SUBSCRIPTIONS_TEXT.customPlaceholder}
                  value={draft}
                  maxLength={20}
                  onChange={(event) => {
                    setDraft(event.target.value);
                    setDraftError(null);
                  }}
                  aria-invalid={draftError ? true : undefined}
                />
                <button type="submit" className="sub-button">
                  {SUBSCRIPTIONS_TEXT.add}
                </button>
              </form>
            )}
            {draftError && (
              <p className="sub-error" role="alert">
                {draftError}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
