import { lazy, Suspense, useState } from 'react';
import {
  companyTypeRequiresIndustry,
  MSG,
  validateCompanyType,
  validateIndustry,
  validateSubscribeEmail,
  validateSubscribeKeywords,
} from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { saveSubscription } from '../../../entities/subscriptions/api.ts';
import { CompanyTypePicker } from '../components/CompanyTypePicker.tsx';
import {
  KeywordPicker,
  subscribedKeywords,
} from '../../../entities/subscriptions/components/KeywordPicker.tsx';
import { useSubscriptionForm } from '../../../entities/subscriptions/components/useSubscriptionForm.ts';
import { KeywordPreview } from '../components/KeywordPreview.tsx';
import { DigestPushList } from '../components/DigestPushList.tsx';
import { SUBSCRIPTIONS_TEXT as T } from '../../../entities/subscriptions/texts.ts';
import './LoginKeywordPage.css';
import { errorMessage } from '../../../api/errorMessage.ts';

const ChangeEmailDialog = lazy(async () => ({
  default: (await import('../../../entities/subscriptions/components/ChangeEmailDialog.tsx'))
    .ChangeEmailDialog,
}));

type TErrors = {
  company?: string | null;
  industry?: string | null;
  keywords?: string | null;
  email?: string | null;
  form?: string | null;
};

/**
 * 订阅设置 (/keyword_setting): the same choices as onboarding on one page (plain modify mode).
 * An address already set changes only through the verified change-e-mail dialog.
 */
export function KeywordSettingPage() {
  const { info, failed, draft, patch } = useSubscriptionForm();
  const [errors, setErrors] = useState<TErrors>({});
  const [busy, setBusy] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [savedEmail, setSavedEmail] = useState<string | null>(null);
  /** Saving subscribes an unsubscribed user again (the server does it); the notice then goes. */
  const [resubscribed, setResubscribed] = useState(false);

  if (failed) {
    return <p className="onboard__status">{T.loadFailed}</p>;
  }
  if (!info || !draft) {
    return <p className="onboard__status">{MSG.loading}</p>;
  }
  const verifiedEmail = savedEmail ?? info.email;
  const unsubscribed = info.subscribed === 0 && !resubscribed;

  const onSave = async () => {
    const type = info.company_type.find((t) => t.name === draft.company);
    const keywords = subscribedKeywords(
      info.subscribe_info.map((k) => k.keyword),
      draft.selected,
      draft.custom,
    );
    const email = verifiedEmail || draft.email;
    const next: TErrors = {
      company: validateCompanyType(draft.company),
      industry: type ? validateIndustry(draft.industry, companyTypeRequiresIndustry(type)) : null,
      keywords: validateSubscribeKeywords(keywords),
      email: validateSubscribeEmail(email),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      return;
    }
    setBusy(true);
    try {
      await saveSubscription({
        subscribe: keywords,
        email: email.trim(),
        company: draft.company,
        industry: draft.industry,
      });
      notify.success(unsubscribed ? T.resubscribed : T.saved);
      setResubscribed(true);
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ListPage title={T.settingTitle} description={T.settingIntro}>
      <section className="onboard__card keyword-setting" aria-label={T.settingTitle}>
        {unsubscribed && (
          <div className="sub-notice" role="status">
            <p>{T.unsubscribedNotice}</p>
            <button
              type="button"
              className="sub-button sub-button--primary"
              onClick={() => void onSave()}
              disabled={busy}
            >
              {T.resubscribe}
            </button>
          </div>
        )}
        <div className="sub-fields">
          <CompanyTypePicker
            options={info.company_type}
            company={draft.company}
            industry={draft.industry}
            onChange={(company, industry) => {
              patch({ company, industry });
              setErrors({ ...errors, company: null, industry: null });
            }}
            errors={errors}
          />
          <KeywordPicker
            recommended={info.subscribe_info.map((k) => k.keyword)}
            selected={draft.selected}
            custom={draft.custom}
            allowCustom={info.user_company_type_status === 1}
            onChange={(selected, custom) => {
              patch({ selected, custom });
              setErrors({ ...errors, keywords: null, form: null });
            }}
            error={errors.keywords}
          />
          <KeywordPreview
            keywords={subscribedKeywords(
              info.subscribe_info.map((k) => k.keyword),
              draft.selected,
              draft.custom,
            )}
          />
          <div className="sub-field">
            {verifiedEmail ? (
              <>
                <p className="sub-field__label">{T.email}</p>
                <div className="sub-email-row">
                  <span className="sub-email-row__value" data-testid="receiving-email">
                    {verifiedEmail}
                  </span>
                  <button type="button" className="sub-button" onClick={() => setDialogOpen(true)}>
                    {T.changeEmail}
                  </button>
                </div>
              </>
            ) : (
              <>
                <label className="sub-field__label" htmlFor="setting-email">
                  <span className="sub-required" aria-hidden="true">
                    *
                  </span>
                  {T.email}
                </label>
                <input
                  id="setting-email"
                  className="sub-input onboard__email"
                  type="email"
                  placeholder={T.emailPlaceholder}
                  value={draft.email}
                  onChange={(event) => patch({ email: event.target.value })}
                  aria-invalid={errors.email ? true : undefined}
                />
              </>
            )}
            {errors.email && (
              <p className="sub-error" role="alert">
                {errors.email}
              </p>
            )}
          </div>
        </div>
        {errors.form && (
          <p className="sub-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="sub-actions">
          <button
            type="button"
            className="sub-button sub-button--primary"
            onClick={() => void onSave()}
            disabled={busy}
          >
            {busy ? T.saving : T.save}
          </button>
        </div>
      </section>
      {/* Saved as they change, so apart from the form and its 保存. */}
      <div className="onboard__card keyword-setting keyword-setting__push">
        <DigestPushList keywords={info.keyword_list} />
      </div>
      {dialogOpen && (
        <Suspense fallback={null}>
          <ChangeEmailDialog
            open={dialogOpen}
            currentEmail={verifiedEmail}
            onClose={() => setDialogOpen(false)}
            onChanged={(email) => {
              setSavedEmail(email);
              setDialogOpen(false);
            }}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
