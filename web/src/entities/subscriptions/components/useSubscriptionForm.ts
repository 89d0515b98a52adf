import { useEffect, useState } from 'react';
import type { TSubscribeInfoReply } from '@portal/contract';
import { useSubscribeInfo } from '../api.ts';

export type TSubscriptionDraft = {
  company: string;
  industry: string;
  selected: string[];
  custom: string[];
  email: string;
};

/** The form's starting values: what the user chose before, if anything. */
export function draftFrom(info: TSubscribeInfoReply): TSubscriptionDraft {
  const type = info.company_type.find((t) => t.select === 1);
  return {
    company: type?.name ?? '',
    industry: type?.industry.find((i) => i.select === 1)?.name ?? '',
    selected: info.subscribe_info.filter((k) => k.select === 1).map((k) => k.keyword),
    custom: info.custom_subscribe_info.map((k) => k.keyword),
    email: info.email,
  };
}

/** Loads the subscription info once and keeps an editable draft of it. */
export function useSubscriptionForm() {
  const { data: info = null, isError: failed } = useSubscribeInfo();
  const [draft, setDraft] = useState<TSubscriptionDraft | null>(null);

  // The draft starts from the first reply; later replies (a reconnect) do not undo the user's edits.
  useEffect(() => {
    if (info) {
      setDraft((current) => current ?? draftFrom(info));
    }
  }, [info]);

  const patch = (change: Partial<TSubscriptionDraft>) => setDraft((d) => (d ? { ...d, ...change } : d));
  return { info, failed, draft, patch };
}
