import { useEffect, useState } from 'react';
import { MSG } from '@portal/contract';
import { notify } from '../api/notify.ts';
import { useCountdown } from './useCountdown.ts';
import { errorMessage } from '../api/errorMessage.ts';

type TErrors = { target?: string | null; code?: string | null };

export type TCodeChangeOptions = {
  open: boolean;
  /** Contract validators: the Chinese message for bad input, or null. */
  validateTarget: (value: string) => string | null;
  validateCode: (value: string) => string | null;
  /** Sends a code to the (trimmed) new phone or address. */
  send: (target: string) => Promise<unknown>;
  resendSeconds: number;
  /** Saves the change; on success the form is cleared. A failure's message shows under the code. */
  save: (target: string, code: string) => Promise<void>;
  /**
   * Where a failed send's message goes: under the target field, or nowhere because the API
   * client has already shown it as a toast.
   */
  sendErrorOnTarget: boolean;
};

/**
 * The state behind a "new phone / new e-mail + code sent to it" dialog (更换手机号,
 * 更换接收邮箱): both fields, per-field errors in the contract's words, the resend countdown
 * and the two actions. Each dialog keeps its own markup and texts.
 */
export function useCodeChange(options: TCodeChangeOptions) {
  const { open, validateTarget, validateCode, send, resendSeconds, save, sendErrorOnTarget } = options;
  const [target, setTargetText] = useState('');
  const [code, setCodeText] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const { secondsLeft, start } = useCountdown();

  // A reopened dialog keeps the typed target but not an old code or stale errors.
  useEffect(() => {
    if (open) {
      setCodeText('');
      setErrors({});
    }
  }, [open]);

  const setTarget = (value: string) => {
    setTargetText(value);
    setErrors((e) => ({ ...e, target: null }));
  };
  const setCode = (value: string) => {
    setCodeText(value);
    setErrors((e) => ({ ...e, code: null }));
  };

  const onSend = async () => {
    const problem = validateTarget(target);
    setErrors((e) => ({ ...e, target: problem }));
    if (problem) {
      return;
    }
    setSending(true);
    try {
      await send(target.trim());
      start(resendSeconds);
      notify.success(MSG.codeSent);
    } catch (error) {
      if (sendErrorOnTarget) {
        setErrors((e) => ({ ...e, target: errorMessage(error) }));
      }
    } finally {
      setSending(false);
    }
  };

  const onConfirm = async () => {
    const next = { target: validateTarget(target), code: validateCode(code) };
    setErrors(next);
    if (next.target || next.code) {
      return;
    }
    setSaving(true);
    try {
      await save(target.trim(), code.trim());
      setTargetText('');
    } catch (error) {
      setErrors({ code: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return { target, setTarget, code, setCode, errors, sending, saving, secondsLeft, onSend, onConfirm };
}
