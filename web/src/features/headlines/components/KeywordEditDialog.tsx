import { useEffect, useState } from 'react';
import type { TSubscribeInfoReply } from '@portal/contract';
import { validateSubscribeKeywords } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { saveSubscription } from '../../../entities/subscriptions/api.ts';
import {
  KeywordPicker,
  subscribedKeywords,
} from '../../../entities/subscriptions/components/KeywordPicker.tsx';
import { draftFrom } from '../../../entities/subscriptions/components/useSubscriptionForm.ts';
import { SUBSCRIPTIONS_TEXT } from '../../../entities/subscriptions/texts.ts';
import { HEADLINES_TEXT as T } from '../texts.ts';
import { errorMessage } from '../../../api/errorMessage.ts';

type TProps = { open: boolean; info: TSubscribeInfoReply; onClose: () => void; onSaved: () => void };

/** The keyword edit view of /headlines: the keyword part of the subscription, saved with the rest unchanged. */
export function KeywordEditDialog({ open, info, onClose, onSaved }: TProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const [custom, setCustom] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      return;
    }
    const draft = draftFrom(info);
    setSelected(draft.selected);
    setCustom(draft.custom);
    setError(null);
  }, [open, info]);

  const onSave = async () => {
    const recommended = info.subscribe_info.map((k) => k.keyword);
    const keywords = subscribedKeywords(recommended, selected, custom);
    const problem = validateSubscribeKeywords(keywords);
    setError(problem);
    if (problem) {
      return;
    }
    const draft = draftFrom(info);
    setBusy(true);
    try {
      await saveSubscription({
        subscribe: keywords,
        email: draft.email,
        company: draft.company,
        industry: draft.industry,
      });
      notify.success(T.keywordsSaved);
      onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} label={T.editTitle}>
      <div className="sub-dialog">
        <KeywordPicker
          recommended={info.subscribe_info.map((k) => k.keyword)}
          selected={selected}
          custom={custom}
          allowCustom={info.user_company_type_status === 1}
          onChange={(s, c) => {
            setSelected(s);
            setCustom(c);
            setError(null);
          }}
          error={error}
        />
        <div className="sub-actions">
          <button type="button" className="sub-button" onClick={onClose}>
            {SUBSCRIPTIONS_TEXT.cancel}
          </button>
          <button
            type="button"
            className="sub-button sub-button--primary"
            onClick={() => void onSave()}
            disabled={busy}
          >
            {SUBSCRIPTIONS_TEXT.save}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
