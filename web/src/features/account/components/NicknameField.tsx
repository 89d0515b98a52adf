import { useState, type FormEvent } from 'react';
import { NICKNAME_MAX, validateNickname } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { saveNickname } from '../api.ts';
import { ACCOUNT_TEXT } from '../texts.ts';
import { errorMessage } from '../../../api/errorMessage.ts';

type TProps = { nickname: string; onSaved: (nickname: string) => void };

/** The nickname, shown as text; 修改 turns it into an input with 保存 / 取消. */
export function NicknameField({ nickname, onSaved }: TProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNickname(draft);
    setError(problem);
    if (problem || draft === null) {
      return;
    }
    setSaving(true);
    try {
      const saved = await saveNickname(draft.trim());
      onSaved(saved.nickname);
      setDraft(null);
      notify.success(ACCOUNT_TEXT.nicknameSaved);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  if (draft === null) {
    return (
      <div className="acc-value">
        <span className="acc-value__text" data-testid="nickname">
          {nickname}
        </span>
        <button type="button" className="acc-link" onClick={() => setDraft(nickname)}>
          {ACCOUNT_TEXT.edit}
        </button>
      </div>
    );
  }
  return (
    <form className="acc-edit" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="acc-edit__row">
        <input
          className="acc-input"
          aria-label={ACCOUNT_TEXT.nickname}
          placeholder={ACCOUNT_TEXT.nicknamePlaceholder}
          value={draft}
          maxLength={NICKNAME_MAX * 2}
          autoFocus
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="acc-button acc-button--primary" disabled={saving}>
          {ACCOUNT_TEXT.save}
        </button>
        <button type="button" className="acc-button" onClick={() => (setDraft(null), setError(null))}>
          {ACCOUNT_TEXT.cancel}
        </button>
      </div>
      {error && (
        <p className="acc-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
