import { Dialog } from '../../../components/Dialog.tsx';
import { ORGAN_TEXT } from '../texts.ts';
import { ClaimForm } from './ClaimForm.tsx';

type TClaimDialogProps = {
  open: boolean;
  onClose: () => void;
  companyId: string;
  organName: string;
  email: string;
};

/**
 * Spec §1/§6: an uncertified organisation is claimed by e-mail; these are the instructions. The
 * form below them files the claim online instead (it lands in the back-office's claims inbox).
 */
export function ClaimDialog({ open, onClose, companyId, organName, email }: TClaimDialogProps) {
  const subject = encodeURIComponent(`机构认领 ${organName}`);
  return (
    <Dialog open={open} onClose={onClose} label={ORGAN_TEXT.claimTitle}>
      <p className="organ-dialog__text">{ORGAN_TEXT.claimIntro(organName)}</p>
      <p className="organ-claim__email">
        <a href={`mailto:${email}?subject=${subject}`}>{email}</a>
      </p>
      <ol className="organ-claim__steps">
        {ORGAN_TEXT.claimSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="organ-dialog__text">{ORGAN_TEXT.claimAfter}</p>
      <div className="organ-form__actions">
        <a className="detail-btn detail-btn--primary" href={`mailto:${email}?subject=${subject}`}>
          {ORGAN_TEXT.claimMailto}
        </a>
      </div>
      <ClaimForm companyId={companyId} onSubmitted={onClose} />
    </Dialog>
  );
}
