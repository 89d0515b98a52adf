import type { TSocialAccount } from '@portal/contract';
import { Dialog } from '../../../components/Dialog.tsx';
import { ORGAN_TEXT } from '../texts.ts';

/** The organisation's social accounts, each opening in a new tab. */
export function SocialDialog({
  open,
  onClose,
  accounts,
}: {
  open: boolean;
  onClose: () => void;
  accounts: readonly TSocialAccount[];
}) {
  return (
    <Dialog open={open} onClose={onClose} label={ORGAN_TEXT.socialAccounts}>
      {accounts.length === 0 ? (
        <p className="organ-dialog__text">{ORGAN_TEXT.noSocialAccounts}</p>
      ) : (
        <ul className="organ-social">
          {accounts.map((a) => (
            <li key={`${a.name}-${a.url}`}>
              <span className="organ-social__name">{a.name}</span>
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                {a.url}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
