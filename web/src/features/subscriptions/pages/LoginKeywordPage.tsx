import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  companyTypeRequiresIndustry,
  MSG,
  validateCompanyType,
  validateIndustry,
  validateSubscribeEmail,
  validateSubscribeKeywords,
} from '@portal/contract';
import { saveCompanyType, saveSubscription } from '../../../entities/subscriptions/api.ts';
import { CompanyTypePicker } from '../components/CompanyTypePicker.tsx';
import {
  KeywordPicker,
  subscribedKeywords,
} from '../../../entities/subscriptions/components/KeywordPicker.tsx';
import { KeywordPreview } from '../components/KeywordPreview.tsx';
import { useSubscriptionForm } from '../../../entities/subscriptions/components/useSubscriptionForm.ts';
import { SUBSCRIPTIONS_TEXT as T } from '../../../entities/subscriptions/texts.ts';
import './LoginKeywordPage.css';
import { errorMessage } from '../../../api/errorMessage.ts';
import { takeReturnPath } from '../../../app/session/returnPath.ts';

type TErrors = {
  company?: string | null;
  industry?: string | null;
  keywords?: string | null;
  email?: string | null;
  form?: string | null;
};

/**
 * 订阅引导 after the first login (/login_keyword, spec §4): step 1 saves the company type (and
 * industry for 品牌方), step 2 the keywords and receiving e-mail, then the portal opens.
 */
export function LoginKeywordPage() {
  const navigate = useNavigate();
  const { info, failed, draft, patch } = useSubscriptionForm();
  const [step, setStep] = useState<1 | 2>(1);
  const [errors, setErrors] = useState<TErrors>({});
  const [busy, setBusy] = useState(false);

  if (failed) {
    return <p className="onboard__status">{T.loadFailed}</p>;
  }
  if (!info || !draft) {
    return <p className="onboard__status">{MSG.loading}</p>;
  }

  const onNext = async () => {
    const type = info.company_type.find((t) => t.name === draft.company);
    const next: TErrors = {
      company: validateCompanyType(draft.company),
      industry: type ? validateIndustry(draft.industry, companyTypeRequiresIndustry(type)) : null,
    };
    setErrors(next);
    if (next.company || next.industry) {
      return;
    }
    setBusy(true);
    try {
      await saveCompanyType({ company_type: draft.company, industry: draft.industry });
      setStep(2);
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const onEnter = async () => {
    const keywords = subscribedKeywords(
      info.subscribe_info.map((k) => k.keyword),
      draft.selected,
      draft.custom,
    );
    const next: TErrors = {
      keywords: validateSubscribeKeywords(keywords),
      email: validateSubscribeEmail(draft.email),
    };
    setErrors(next);
    if (next.keywords || next.email) {
      return;
    }
    setBusy(true);
    try {
      await saveSubscription({
        subscribe: keywords,
        email: draft.email.trim(),
        company: draft.company,
        industry: draft.industry,
      });
      void navigate(takeReturnPath() ?? '/homepage', { replace: true });
    } catch (error) {
      setErrors({ form: errorMessage(error) });
      setBusy(false);
    }
  };

  return (
    <div className="onboard">
      <title>{`${T.onboardingTitle} - 洞察门户`}</title>
      <header className="onboard__header">
        <h1 className="onboard__title">{T.welcome}</h1>
        <p className="onboard__intro">{T.onboardingIntro}</p>
        <ol className="onboard__steps" aria-label={T.stepOf(step, 2)}>
          <li data-active={step === 1 ? '' : undefined} aria-current={step === 1 ? 'step' : undefined}>
            <span className="onboard__step-no">1</span>
            {T.stepCompany}
          </li>
          <li data-active={step === 2 ? '' : undefined} aria-current={step === 2 ? 'step' : undefined}>
            <span className="onboard__step-no">2</span>
            {T.stepKeywords}
          </li>
        </ol>
      </header>

      <section className="onboard__card" aria-label={step === 1 ? T.stepCompany : T.stepKeywords}>
        {step === 1 ? (
          <CompanyTypePicker
            options={info.company_type}
            company={draft.company}
            industry={draft.industry}
            onChange={(company, industry) => {
              patch({ company, industry });
              setErrors({});
            }}
            errors={errors}
          />
        ) : (
          <div className="sub-fields">
            <KeywordPicker
              recommended={info.subscribe_info.map((k) => k.keyword)}
              selected={draft.selected}
              custom={draft.custom}
              allowCustom
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
              <label className="sub-field__label" htmlFor="onboard-email">
                <span className="sub-required" aria-hidden="true">
                  *
                </span>
                {T.email}
              </label>
              <input
                id="onboard-email"
                className="sub-input onboard__email"
                type="email"
                autoComplete="email"
                placeholder={T.emailPlaceholder}
                value={draft.email}
                onChange={(event) => {
                  patch({ email: event.target.value });
                  setErrors({ ...errors, email: null, form: null });
                }}
                aria-invalid={errors.email ? true : undefined}
              />
              {errors.email && (
                <p className="sub-error" role="alert">
                  {errors.email}
                </p>
              )}
            </div>
          </div>
        )}
        {errors.form && (
          <p className="sub-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="sub-actions">
          {step === 2 && (
            <button type="button" className="sub-button" onClick={() => setStep(1)} disabled={busy}>
              {T.back}
            </button>
          )}
          <button
            type="button"
            className="sub-button sub-button--primary"
            onClick={() => void (step === 1 ? onNext() : onEnter())}
            disabled={busy}
          >
            {busy ? T.saving : step === 1 ? T.next : T.enterPortal}
          </button>
        </div>
      </section>
    </div>
  );
}
