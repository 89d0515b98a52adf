import { z } from 'zod';
import type { TMessage } from '../messages.ts';
import { MSG } from '../messages.ts';
import { CUSTOM_KEYWORDS_MAX, KEYWORD_MAX_COUNTED } from '../constants.ts';
import type { TFormText } from './rule.ts';
import { cleanText, email, maxCounted, required, textRule } from './rule.ts';
import { textListSchema, textSchema } from './schema.ts';

/** Company type: one option must be chosen. */
export const validateCompanyType = textRule(required(MSG.subscribeCompanyType));

/** A company-type option asks for an industry when it lists industries (the brand-owner type). */
export function companyTypeRequiresIndustry(option: { industry: readonly unknown[] }): boolean {
  return option.industry.length > 0;
}

/**
 * Industry is required only for a company type that has industries. The schemas below
 * cannot know the catalogue, so the server's service calls this after looking the type up.
 */
export function validateIndustry(industry: TFormText, requiredForType: boolean): TMessage | null {
  return requiredForType && cleanText(industry) === '' ? MSG.subscribeIndustry : null;
}

/** Address the daily digest goes to; empty reads as invalid. */
export const validateSubscribeEmail = textRule(email(MSG.subscribeEmail));

/** One keyword: trimmed, not empty, at most 20 counted characters (it is shown as a tag). */
export const validateKeyword = textRule(
  required(MSG.keywordRequired),
  maxCounted(KEYWORD_MAX_COUNTED, MSG.keywordTooLong),
);

function checkEachOnce(keywords: readonly TFormText[]): TMessage | null {
  for (const keyword of keywords) {
    const message = validateKeyword(keyword);
    if (message !== null) {
      return message;
    }
  }
  const cleaned = keywords.map(cleanText);
  return new Set(cleaned).size < cleaned.length ? MSG.keywordDuplicate : null;
}

/** Subscribed keywords: at least one, each valid, none twice. */
export function validateSubscribeKeywords(keywords: readonly TFormText[]): TMessage | null {
  return keywords.length === 0 ? MSG.subscribeKeyword : checkEachOnce(keywords);
}

/** An ordinary user's custom keywords: at most five, each valid, none twice. */
export function validateCustomKeywords(keywords: readonly TFormText[]): TMessage | null {
  return keywords.length > CUSTOM_KEYWORDS_MAX ? MSG.customKeywordLimit : checkEachOnce(keywords);
}

/** The add control disappears once five custom keywords are kept. */
export function canAddCustomKeyword(count: number): boolean {
  return count < CUSTOM_KEYWORDS_MAX;
}

/** Adding `keyword` to `current` custom keywords: the limit first, then the keyword itself. */
export function validateNewCustomKeyword(keyword: TFormText, current: readonly string[]): TMessage | null {
  return canAddCustomKeyword(current.length)
    ? validateCustomKeywords([...current, keyword])
    : MSG.customKeywordLimit;
}

export const companyTypeField = textSchema(validateCompanyType);
/** Checked against the company type by `validateIndustry` in the service. */
export const industryField = z.string({ error: MSG.badRequest }).trim().default('');
export const subscribeEmailField = textSchema(validateSubscribeEmail);
export const subscribeKeywordsField = textListSchema(validateSubscribeKeywords);
export const customKeywordsField = textListSchema(validateCustomKeywords);

/** POST /api/user/set/company_type (onboarding step 1). */
export const ZCompanyTypeRequest = z.object({ company_type: companyTypeField, industry: industryField });
export type TCompanyTypeRequest = z.infer<typeof ZCompanyTypeRequest>;

/** POST /api/business/subscribe/update. `industry` still needs `validateIndustry` in the service. */
export const ZSubscribeUpdateRequest = z.object({
  subscribe: subscribeKeywordsField,
  email: subscribeEmailField,
  company: companyTypeField,
  industry: industryField,
});
export type TSubscribeUpdateRequest = z.infer<typeof ZSubscribeUpdateRequest>;
