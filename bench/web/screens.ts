/**
 * `npx tsx bench/web/screens.ts --out DIR [--no-js] [--pages home,…] [--admin]`: screenshots of the
 * main signed-in screens from the compiled portal (`npm run build` first), at 1440 and 390 px, with
 * the code taken over (or, with --no-js, as the server's HTML alone paints them). With
 * `--compare DIR` each shot is compared pixel by pixel with the one of the same name there and
 * the differing pixels are counted: a change meant to leave the screens as they were shows 0.
 * With --admin the demo admin is signed in and the back-office's list screens are the pages.
 * The demo library is seeded afresh with dates relative to the run's clock, so a screen that
 * prints exact times (a report's 发布时间) differs between any two runs by those digits.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  apiLogin,
  DEMO_ADMIN,
  DEMO_USER,
  DESKTOP,
  launchChromium,
  MOBILE,
  sessionCookies,
} from '../../e2e/src/browser.ts';
import { LIST_SCREENS, startDemoPortal, stopPortal } from './page-portal.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '' },
    compare: { type: 'string', default: '' },
    'no-js': { type: 'boolean', default: false },
    pages: { type: 'string', default: '' },
    admin: { type: 'boolean', default: false },
  },
});
if (!values.out) {
  throw new Error('--out DIR is required');
}
const ADMIN_PAGES: Record<string, string> = {
  admin_reports: '/admin/reports',
  admin_headlines: '/admin/headlines',
  admin_feeds: '/admin/feeds',
  admin_analyses: '/admin/analyses',
  admin_materials: '/admin/materials',
  admin_organisations: '/admin/organisations',
  admin_users: '/admin/users',
};
const PAGES: Record<string, string> = values.admin
  ? ADMIN_PAGES
  : {
      ...LIST_SCREENS,
      analysis: '/analysis',
      material: '/material',
      // The demo library's first report and insight topic.
      report_detail: '/report/report_details/1',
      topic_detail: '/analysis/analysis_details/1',
      headline_detail: '/headlines/headlines_details/1',
      material_detail: '/material/material_details/1',
      organ_detail: '/organ/organDetail/1',
      all_material: '/all_material',
      collection: '/collection',
      notes: '/notes',
      keyword_setting: '/keyword_setting',
      self_setting: '/self/self_setting',
      feedback: '/feedback',
    };
const chosen = values.pages ? values.pages.split(',') : Object.keys(PAGES);

/** Pixels that differ between two PNGs of the same size (all of them when the sizes differ). */
async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all(
    [a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (!x || !y || x.info.width !== y.info.width || x.info.height !== y.info.height) {
    return Math.max(
      (x?.info.width ?? 0) * (x?.info.height ?? 0),
      (y?.info.width ?? 0) * (y?.info.height ?? 0),
    );
  }
  let n = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    if (x.data.readUInt32BE(i) !== y.data.readUInt32BE(i)) {
      n++;
    }
  }
  return n;
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-screens-'));
const portal = await startDemoPortal(dataDir);
const browser = await launchChromium();
try {
  const session = await apiLogin(portal, values.admin ? DEMO_ADMIN : DEMO_USER);
  mkdirSync(values.out, { recursive: true });
  for (const viewport of [DESKTOP, MOBILE]) {
    const context = await browser.newContext({
      baseURL: portal.url,
      viewport,
      locale: 'zh-CN',
      javaScriptEnabled: !values['no-js'],
      reducedMotion: 'reduce',
    });
    await context.addCookies(sessionCookies(session, portal.url));
    const page = await context.newPage();
    for (const name of chosen) {
      const path = PAGES[name];
      if (!path) {
        throw new Error(`unknown page ${name}; pages: ${Object.keys(PAGES).join(', ')}`);
      }
      await page.goto(path, { waitUntil: 'networkidle' });
      // Pictures decoded and the last transitions done.
      await page.waitForTimeout(500);
      const file = `${name}-${viewport.width}${values['no-js'] ? '-nojs' : ''}.png`;
      const shot = await page.screenshot({ fullPage: true });
      writeFileSync(join(values.out, file), shot);
      const other = values.compare ? join(values.compare, file) : '';
      const diff = other && existsSync(other) ? await differingPixels(shot, readFileSync(other)) : null;
      console.log(`${file}${diff === null ? '' : `: ${diff} pixels differ`}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stopPortal(portal);
  rmSync(dataDir, { recursive: true, force: true });
}
