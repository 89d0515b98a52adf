import { lazy, Suspense } from 'react';
import type { TContactDialogProps } from './ContactDialog.tsx';

const ContactDialog = lazy(() => import('./ContactDialog.tsx').then((m) => ({ default: m.ContactDialog })));

/** The enquiry form, loaded on the first click: most visits never open it. */
export function LazyContactDialog(props: TContactDialogProps & { open: boolean }) {
  const { open, ...rest } = props;
  if (!open) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <ContactDialog {...rest} />
    </Suspense>
  );
}
