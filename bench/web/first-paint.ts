/**
 * `npx tsx bench/web/first-paint.ts [--pages home,…] [--runs 3] [--desktop] [--no-js]`: what the
 * main thread of Chromium's renderer does before a signed-in screen's first contentful paint, on
 * an unthrottled load of the compiled portal (`npm run build` first). Lighthouse's simulated
 * phone starts from such a load: every task that ran before its first paint is charged 4× as
 * CPU, and every script that ran before it counts as blocking it. Prints, per page (median of
 * the runs), the times of first paint, DOMContentLoaded and load, and the main thread's time
 * before the paint by kind of work (parsing HTML, style, layout, script, paint, other).
 * `--inject-css RULES` adds a `<style>` to each page's head first (to try a rule before building it);
 * `--events N` adds, per page, the N trace events with the most time of their own before the paint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  apiLogin,
  DEMO_USER,
  DESKTOP,
  launchChromium,
  MOBILE,
  sessionCookies,
} from '../../e2e/src/browser.ts';
import { median } from '../search/stats.ts';
import { LIST_SCREENS, startDemoPortal, stopPortal } from './page-portal.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: Object.keys(LIST_SCREENS).join(',') },
    runs: { type: 'string', default: '3' },
    desktop: { type: 'boolean', default: false },
    'no-js': { type: 'boolean', default: false },
    'inject-css': { type: 'string', default: '' },
    events: { type: 'string', default: '0' },
  },
});

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { frame?: string; data?: { documentLoaderURL?: string; url?: string } };
};

/** Trace event names grouped the way the table prints them; anything else is `other`. */
const KINDS: Record<string, string> = {
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'style',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  CompositeLayers: 'paint',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.evaluateModule': 'script',
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  'v8.produceModuleCache': 'script',
};
const COLUMNS = ['parse', 'style', 'layout', 'script', 'paint', 'other'] as const;

type Sample = {
  fcp: number;
  dcl: number;
  load: number;
  busy: Record<string, number>;
  /** Milliseconds of each trace event name's own time (its children's taken out) before the paint. */
  self: Record<string, number>;
};

/** Milliseconds from navigation start; the main thread's time before FCP by kind (top-level tasks' children). */
function readTrace(events: TraceEvent[]): Sample {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const frame = fcp?.args?.frame;
  // The page's own navigation (the one naming its address), in the painted frame; the frame's
  // last DOMContentLoaded and load are the page's (the first belong to its initial blank document).
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.frame === frame &&
      (e.args?.data?.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!nav || !fcp) {
    throw new Error('the trace has no navigation start or first contentful paint');
  }
  const at = (name: string) => {
    const mark = events.filter((e) => e.name === name && e.args?.frame === frame && e.ts >= nav.ts).at(-1);
    return mark ? (mark.ts - nav.ts) / 1000 : NaN;
  };
  const main = { pid: fcp.pid, tid: fcp.tid };
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts >= nav.ts && e.ts < fcp.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const busy: Record<string, number> = Object.fromEntries(COLUMNS.map((c) => [c, 0]));
  // Each top-level task is split among the named kinds of its outermost known children.
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    let covered = 0;
    let reach = task.ts;
    for (const e of onMain) {
      const kind = KINDS[e.name];
      if (kind === undefined || e.ts < reach || e.ts < task.ts || e.ts >= end) {
        continue;
      }
      const dur = Math.min(e.dur ?? 0, end - e.ts);
      busy[kind] = (busy[kind] ?? 0) + dur / 1000;
      covered += dur;
      reach = e.ts + dur;
    }
    busy.other = (busy.other ?? 0) + Math.max(0, (task.dur ?? 0) - covered) / 1000;
  }
  const self: Record<string, number> = {};
  const open: TraceEvent[] = [];
  for (const e of onMain) {
    while (open.length > 0 && (open.at(-1)?.ts ?? 0) + (open.at(-1)?.dur ?? 0) <= e.ts) {
      open.pop();
    }
    const parent = open.at(-1);
    if (parent) {
      self[parent.name] = (self[parent.name] ?? 0) - (e.dur ?? 0) / 1000;
    }
    self[e.name] = (self[e.name] ?? 0) + (e.dur ?? 0) / 1000;
    open.push(e);
  }
  return {
    fcp: (fcp.ts - nav.ts) / 1000,
    dcl: at('domContentLoadedEventEnd'),
    load: at('loadEventEnd'),
    busy,
    self,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-first-paint-'));
const portal = await startDemoPortal(dataDir);
const browser = await launchChromium();
try {
  const session = await apiLogin(portal, DEMO_USER);
  const viewport = values.desktop ? DESKTOP : MOBILE;
  console.log(
    `first paint, unthrottled, ${viewport.width} px${values['no-js'] ? ', no JavaScript' : ''}, median of ${values.runs} (ms)`,
  );
  console.log(`| page | first paint | DOMContentLoaded | load | before the paint: ${COLUMNS.join(' / ')} |`);
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const name of values.pages.split(',')) {
    const path = LIST_SCREENS[name];
    if (!path) {
      throw new Error(`unknown page ${name}; pages: ${Object.keys(LIST_SCREENS).join(', ')}`);
    }
    const samples: Sample[] = [];
    let missed = 0;
    while (samples.length < Number(values.runs)) {
      // A fresh context each run: nothing cached, as Lighthouse loads a page.
      const context = await browser.newContext({
        baseURL: portal.url,
        viewport,
        locale: 'zh-CN',
        javaScriptEnabled: !values['no-js'],
      });
      await context.addCookies(sessionCookies(session, portal.url));
      if (values['inject-css']) {
        // An experiment's rules at the end of the document's head, as if the build had put them there.
        await context.route(
          (url) => `${url.pathname}${url.search}` === path,
          async (route) => {
            const response = await route.fetch();
            const html = (await response.text()).replace(
              '</head>',
              `<style>${values['inject-css']}</style></head>`,
            );
            await route.fulfill({ response, body: html });
          },
        );
      }
      const page = await context.newPage();
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'blink.user_timing',
          'loading',
          'v8',
          'disabled-by-default-devtools.timeline',
          'blink',
          'fonts',
          'toplevel',
          'renderer.scheduler',
          'cc',
          'disabled-by-default-v8.compile',
        ],
      });
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      await page.waitForTimeout(300);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
        traceEvents: TraceEvent[];
      };
      await context.close();
      try {
        samples.push(readTrace(trace.traceEvents));
      } catch (error) {
        // Now and then a trace misses the navigation's first events: the run is made again.
        if (++missed > 3) {
          throw error;
        }
      }
    }
    const m = (pick: (s: Sample) => number) => median(samples.map(pick)).toFixed(0);
    const busy = COLUMNS.map((c) => m((s) => s.busy[c] ?? 0)).join(' / ');
    console.log(`| ${name} | ${m((s) => s.fcp)} | ${m((s) => s.dcl)} | ${m((s) => s.load)} | ${busy} |`);
    const top = Number(values.events);
    if (top > 0) {
      const names = [...new Set(samples.flatMap((s) => Object.keys(s.self)))];
      const ranked = names
        .map((event) => ({ event, ms: median(samples.map((s) => s.self[event] ?? 0)) }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, top);
      console.log(`|   | ${ranked.map((r) => `${r.event} ${r.ms.toFixed(1)}`).join(', ')} | | | |`);
    }
  }
} finally {
  await browser.close();
  await stopPortal(portal);
  rmSync(dataDir, { recursive: true, force: true });
}
