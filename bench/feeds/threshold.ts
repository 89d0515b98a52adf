import { demoHeadlines } from '../../server/src/demo/content/demo-headlines.ts';
import {
  LABELLED_PAIRS,
  type LabelledPair,
} from '../../server/src/modules/headline-clusters/labelled-pairs.ts';
import {
  SAME_STORY_BITS,
  sameStory,
  titleFigures,
} from '../../server/src/modules/headline-clusters/same-story.ts';
import { hamming, simhash } from '../../server/src/modules/headline-clusters/simhash.ts';
import { WINDOW_MS } from '../../server/src/modules/headline-clusters/headline-clusters.ts';

const key = (x: { title: string; summary: string }) => ({
  simhash: simhash(x.title, x.summary) ?? '',
  figures: titleFigures(x.title),
});

const ratio = (n: number, d: number) => (d === 0 ? '  –  ' : (n / d).toFixed(2));

/**
 * Precision and recall of the same-story rule on LABELLED_PAIRS for each threshold, with and
 * without the figures check, and what the chosen threshold joins per kind of pair.
 */
export function printThresholdTable(): void {
  const keys = LABELLED_PAIRS.map((p) => [key(p.a), key(p.b)] as const);
  const positives = LABELLED_PAIRS.filter((p) => p.same).length;
  console.log(
    `\nSame-story threshold on ${LABELLED_PAIRS.length} labelled pairs (${positives} same story, ${LABELLED_PAIRS.length - positives} different)`,
  );
  console.log('bits | SimHash only: P    R    | + figures check: P    R');
  for (let bits = 3; bits <= 16; bits++) {
    const count = (rule: (a: (typeof keys)[number][0], b: (typeof keys)[number][1]) => boolean) => {
      let tp = 0;
      let fp = 0;
      for (const [i, p] of LABELLED_PAIRS.entries()) {
        const [a, b] = keys[i] as (typeof keys)[number];
        if (rule(a, b)) {
          if (p.same) {
            tp++;
          } else {
            fp++;
          }
        }
      }
      return `${ratio(tp, tp + fp)} ${ratio(tp, positives)}`;
    };
    const plain = count((a, b) => hamming(a.simhash, b.simhash) <= bits);
    const figures = count((a, b) => sameStory(a, b, bits));
    console.log(
      `${String(bits).padStart(4)} |               ${plain}  |                  ${figures}${bits === SAME_STORY_BITS ? '   ← SAME_STORY_BITS' : ''}`,
    );
  }
  const kinds: LabelledPair['kind'][] = ['copy', 'reworded', 'company', 'demo'];
  console.log(`\nAt ${SAME_STORY_BITS} bits with the figures check, joined per kind:`);
  for (const kind of kinds) {
    const pairs = LABELLED_PAIRS.map((p, i) => ({ p, i })).filter(({ p }) => p.kind === kind);
    const joined = pairs.filter(({ i }) => {
      const [a, b] = keys[i] as (typeof keys)[number];
      return sameStory(a, b);
    });
    console.log(`  ${kind.padEnd(9)} ${joined.length} of ${pairs.length}`);
    for (const { p, i } of pairs) {
      const [a, b] = keys[i] as (typeof keys)[number];
      const join = sameStory(a, b);
      if (join !== p.same) {
        console.log(
          `    ${p.same ? 'missed' : 'WRONGLY JOINED'} (${hamming(a.simhash, b.simhash)} bits): ${p.a.title} | ${p.b.title}`,
        );
      }
    }
  }
}

/** What the rule joins among today's demo headlines (their stories are unlabelled: printed to read). */
export function printDemoClusters(now = new Date()): void {
  const rows = demoHeadlines(now, 300);
  const keys = rows.map((r) => key({ title: r.title, summary: r.description }));
  const cluster = rows.map((_, i) => i);
  for (let i = 0; i < rows.length; i++) {
    for (let j = 0; j < i; j++) {
      const near = Math.abs((rows[i]?.published_at ?? 0) - (rows[j]?.published_at ?? 0)) <= WINDOW_MS;
      if (near && sameStory(keys[i] as (typeof keys)[number], keys[j] as (typeof keys)[number])) {
        cluster[i] = cluster[j] as number;
        break;
      }
    }
  }
  const groups = new Map<number, string[]>();
  for (const [i, c] of cluster.entries()) {
    groups.set(c, [...(groups.get(c) ?? []), `${rows[i]?.source_name}：${rows[i]?.title}`]);
  }
  const joined = [...groups.values()].filter((g) => g.length > 1);
  console.log(
    `\nDemo headlines (${rows.length}): ${joined.length} stories told more than once, ${rows.length - groups.size} headlines folded into them`,
  );
  for (const g of joined) {
    console.log(`  · ${g.join('\n    ')}`);
  }
}
