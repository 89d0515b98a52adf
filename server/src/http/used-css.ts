/**
 * The rules of a stylesheet that a server-rendered screen can use before its code runs: those
 * whose selectors name only classes its markup holds. A screen's stylesheets are ~40 KiB (8–10
 * KiB gzipped), half of a signed-in page's HTML, and most of them style what the screen's code
 * adds later (dialogs, menus, other screens sharing a chunk): inlined whole they pushed the
 * document past TCP's first window (~14 KiB), a round trip more before the first paint on a
 * phone. The whole file still comes, as the screen's code loads it (head-tags.ts).
 *
 * The stylesheets are Vite's minified output of our own CSS (BEM class names). A selector this
 * cannot judge — one with :not(), :is(), :where() or :has() — is kept; at-rules other than
 * @media, @supports and @container (@keyframes, @font-face) are kept whole.
 */

/** A top-level block of a stylesheet: `prelude{body}`. */
type Block = { prelude: string; body: string };

const GROUPING = /^@(media|supports|container)\b/;
const UNJUDGED = /:(not|is|where|has)\(/;
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Splits CSS into its top-level blocks, skipping braces inside strings and comments. */
function blocksOf(css: string): Block[] {
  const blocks: Block[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end === -1 ? css.length : end;
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (c === '{') {
      if (depth === 0) {
        open = i;
      }
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) {
        blocks.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  return blocks;
}

/** Whether a rule's selector list can match the markup: one selector whose classes it all has. */
function selectorUsed(selectors: string, classes: ReadonlySet<string>): boolean {
  if (UNJUDGED.test(selectors)) {
    return true;
  }
  return selectors.split(',').some((selector) => {
    // `[href$=".pdf"]` names no class.
    for (const [, name] of selector.replace(/\[[^\]]*\]/g, '').matchAll(CLASS_NAME)) {
      if (!classes.has(name as string)) {
        return false;
      }
    }
    return true;
  });
}

function usedRules(blocks: readonly Block[], classes: ReadonlySet<string>): string {
  let out = '';
  for (const block of blocks) {
    if (GROUPING.test(block.prelude)) {
      const inner = usedRules(blocksOf(block.body), classes);
      if (inner !== '') {
        out += `${block.prelude}{${inner}}`;
      }
    } else if (block.prelude.startsWith('@') || selectorUsed(block.prelude, classes)) {
      out += `${block.prelude}{${block.body}}`;
    }
  }
  return out;
}

/** `usedCss(css)(classes)`: the stylesheet parsed once, filtered per page. */
export function usedCss(css: string): (classes: ReadonlySet<string>) => string {
  const blocks = blocksOf(css);
  return (classes) => usedRules(blocks, classes);
}

/** Every class name in the markup's class attributes (React writes them as `class="a b"`). */
export function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list] of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (list as string).split(/\s+/)) {
      if (name !== '') {
        classes.add(name);
      }
    }
  }
  return classes;
}
