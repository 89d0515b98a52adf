import type { TCompanyTypeOption } from '@portal/contract';
import { companyTypeRequiresIndustry } from '@portal/contract';
import { SUBSCRIPTIONS_TEXT } from '../../../entities/subscriptions/texts.ts';
import '../../../entities/subscriptions/components/subscriptions.css';

type TProps = {
  options: readonly TCompanyTypeOption[];
  company: string;
  industry: string;
  onChange: (company: string, industry: string) => void;
  errors?: { company?: string | null; industry?: string | null };
};

/** Single choice of company type, then of industry when the type lists industries (品牌方). */
export function CompanyTypePicker({ options, company, industry, onChange, errors = {} }: TProps) {
  const chosen = options.find((o) => o.name === company);
  const needsIndustry = chosen !== undefined && companyTypeRequiresIndustry(chosen);
  return (
    <div className="sub-fields">
      <fieldset className="sub-field" aria-describedby={errors.company ? 'sub-company-error' : undefined}>
        <legend className="sub-field__label">
          <span className="sub-required" aria-hidden="true">
            *
          </span>
          {SUBSCRIPTIONS_TEXT.companyType}
        </legend>
        <div className="sub-chips">
          {options.map((o) => (
            <label key={o.name} className="sub-chip" data-checked={o.name === company ? '' : undefined}>
              <input
                type="radio"
                name="company_type"
                value={o.name}
                checked={o.name === company}
                onChange={() => onChange(o.name, o.name === company ? industry : '')}
              />
              {o.name}
            </label>
          ))}
        </div>
        {errors.company && (
          <p id="sub-company-error" className="sub-error" role="alert">
            {errors.company}
          </p>
        )}
      </fieldset>
      {needsIndustry && (
        <fieldset className="sub-field" aria-describedby={errors.industry ? 'sub-industry-error' : undefined}>
          <legend className="sub-field__label">
            <span className="sub-required" aria-hidden="true">
              *
            </span>
            {SUBSCRIPTIONS_TEXT.industry}
          </legend>
          <div className="sub-chips">
            {chosen.industry.map((i) => (
              <label key={i.name} className="sub-chip" data-checked={i.name === industry ? '' : undefined}>
                <input
                  type="radio"
                  name="industry"
                  value={i.name}
                  checked={i.name === industry}
                  onChange={() => onChange(company, i.name)}
                />
                {i.name}
              </label>
            ))}
          </div>
          {errors.industry && (
            <p id="sub-industry-error" className="sub-error" role="alert">
              {errors.industry}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
