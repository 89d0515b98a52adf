import { DEMO_TOPICS } from '../../demo/content/demo-topics.ts';
import { DEMO_INDUSTRIES, DEMO_PUBLISHERS } from '../../demo/pdf/industries.ts';
import { SEED_KEYWORDS } from '../subscriptions/subscription-catalogue.ts';
import { loadUserWords } from '../../search/segmenter.ts';
import type { ContentCatalogue } from '../content/content.service.ts';

/**
 * Business words the segmenter must keep whole (宁德时代, 跨境电商, 私域流量): industries and
 * their keywords, topic words and company names. The keyword catalogue of subscriptions
 * (a later issue) will add to this list; for now it is the demo vocabulary, which is also the
 * portal's industry list.
 */
export function businessWords(): string[] {
  return [
    ...DEMO_INDUSTRIES.flatMap((i) => [i.name, ...i.keywords, ...i.companies, ...i.segments]),
    ...DEMO_TOPICS.flatMap((t) => [t.name, ...t.companies, ...t.words]),
    ...DEMO_PUBLISHERS.map((p) => p.name),
    // The seed's recommended subscription keywords; later catalogue edits and users' custom
    // keywords are added by the subscriptions module (`loadKeywordWords`).
    ...SEED_KEYWORDS,
    '私域流量',
    '新能源',
  ];
}

/** Loads the business words and every organisation name; returns how many words were new. */
export async function loadSearchDictionary(
  content: Pick<ContentCatalogue, 'organisationNames'>,
): Promise<number> {
  return loadUserWords([...businessWords(), ...(await content.organisationNames())]).length;
}
