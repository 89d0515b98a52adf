import { useEffect, useState, type FormEvent } from 'react';
import {
  charLength,
  FEEDBACK_CONTENT_MAX,
  joinScreenshots,
  MSG,
  SCREENSHOTS_MAX,
  validateFeedbackContent,
  validateFeedbackEmail,
} from '@portal/contract';
import { sendFeedback, useFeedbackInfo } from '../api.ts';
import { FeedbackFooter } from '../components/FeedbackFooter.tsx';
import { ScreenshotPicker } from '../components/ScreenshotPicker.tsx';
import { FEEDBACK_TEXT } from '../texts.ts';
import '../../../components/Page.css';
import '../feedback.css';
import { errorMessage } from '../../../api/errorMessage.ts';

type TErrors = { content?: string | null; email?: string | null; form?: string | null };

/** 意见反馈 (/feedback): description, up to four screenshots, contact e-mail; then thanks. */
export function FeedbackPage() {
  const info = useFeedbackInfo().data ?? null;
  const [content, setContent] = useState('');
  const [email, setEmail] = useState('');
  const [shots, setShots] = useState<string[]>([]);
  const [errors, setErrors] = useState<TErrors>({});
  const [sending, setSending] = useState(false);
  const [thanked, setThanked] = useState(false);

  // The address on file fills the e-mail field unless the user has typed one already.
  useEffect(() => {
    if (info) {
      setEmail((typed) => (typed === '' ? info.email : typed));
    }
  }, [info]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: TErrors = { content: validateFeedbackContent(content), email: validateFeedbackEmail(email) };
    setErrors(next);
    if (next.content || next.email) {
      return;
    }
    setSending(true);
    try {
      await sendFeedback({
        content: content.trim(),
        email: email.trim(),
        screen_shot: joinScreenshots(shots),
      });
      // The thanks panel replaces the form; a toast would say the same twice.
      setThanked(true);
      setContent('');
      setShots([]);
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="page fb-page">
      <title>{`${FEEDBACK_TEXT.title} - 洞察门户`}</title>
      <header className="page__header">
        <h1 className="page__title">{FEEDBACK_TEXT.title}</h1>
        <p className="page__desc">{FEEDBACK_TEXT.intro}</p>
      </header>
      <div className="fb-card">
        {thanked ? (
          <div className="fb-thanks" role="status">
            <span className="fb-thanks__icon" aria-hidden="true">
              ✓
            </span>
            <p>{MSG.feedbackThanks}</p>
            <button type="button" className="fb-button" onClick={() => setThanked(false)}>
              {FEEDBACK_TEXT.again}
            </button>
          </div>
        ) : (
          <form className="fb-form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <div className="fb-field">
              <label className="fb-label" htmlFor="feedback-content">
                <span className="fb-required" aria-hidden="true">
                  *
                </span>
                {FEEDBACK_TEXT.content}
              </label>
              <div className="fb-textarea">
                <textarea
                  id="feedback-content"
                  rows={6}
                  placeholder={FEEDBACK_TEXT.contentPlaceholder}
                  value={content}
                  aria-invalid={errors.content ? true : undefined}
                  onChange={(event) => {
                    setContent(event.target.value);
                    setErrors({ ...errors, content: null, form: null });
                  }}
                />
                <span className="fb-count">
                  {charLength(content.trim())}/{FEEDBACK_CONTENT_MAX}
                </span>
              </div>
              {errors.content && (
                <p className="fb-error" role="alert">
                  {errors.content}
                </p>
              )}
            </div>
            <div className="fb-field">
              <span className="fb-label">{FEEDBACK_TEXT.screenshots}</span>
              <ScreenshotPicker
                urls={shots}
                onChange={(urls) => (setShots(urls), setErrors({ ...errors, form: null }))}
              />
              <p className="fb-hint">{FEEDBACK_TEXT.screenshotsHint(SCREENSHOTS_MAX)}</p>
            </div>
            <div className="fb-field">
              <label className="fb-label" htmlFor="feedback-email">
                <span className="fb-required" aria-hidden="true">
                  *
                </span>
                {FEEDBACK_TEXT.email}
              </label>
              <input
                id="feedback-email"
                className="fb-input"
                type="email"
                autoComplete="email"
                placeholder={FEEDBACK_TEXT.emailPlaceholder}
                value={email}
                aria-invalid={errors.email ? true : undefined}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setErrors({ ...errors, email: null, form: null });
                }}
              />
              {errors.email && (
                <p className="fb-error" role="alert">
                  {errors.email}
                </p>
              )}
            </div>
            {errors.form && (
              <p className="fb-error" role="alert">
                {errors.form}
              </p>
            )}
            <button type="submit" className="fb-button fb-button--primary" disabled={sending}>
              {sending ? FEEDBACK_TEXT.submitting : FEEDBACK_TEXT.submit}
            </button>
          </form>
        )}
      </div>
      {info && <FeedbackFooter footer={info.footer} />}
    </div>
  );
}
