import { useState } from 'react';
import { MSG } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { authorizeCompany } from '../api.ts';
import { ORGAN_TEXT } from '../texts.ts';

type TConsentDialogProps = {
  open: boolean;
  companyId: string;
  organName: string;
  /** After the server recorded the consent. */
  onAuthorized: () => void;
  onCancel: () => void;
};

/** Spec §4: content needing authorization asks the user to consent first (POST /api/company/authorize). */
export function ConsentDialog({ open, companyId, organName, onAuthorized, onCancel }: TConsentDialogProps) {
  const [sending, setSending] = useState(false);
  const agree = async () => {
    setSending(true);
    try {
      await authorizeCompany(companyId);
      notify.success(MSG.authorized);
      onAuthorized();
    } catch {
      // The client has toasted the server's message; the dialog stays for another try.
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open={open} onClose={onCancel} label={ORGAN_TEXT.consentTitle}>
      <p className="organ-dialog__text">{ORGAN_TEXT.consentBody(organName)}</p>
      <div className="organ-form__actions">
        <button type="button" className="detail-btn" onClick={onCancel}>
          {ORGAN_TEXT.consentCancel}
        </button>
        <button
          type="button"
          className="detail-btn detail-btn--primary"
          disabled={sending}
          onClick={() => void agree()}
        >
          {ORGAN_TEXT.consentAgree}
        </button>
      </div>
    </Dialog>
  );
}
