import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SESSION_DATA_ELEMENT_ID, type TSessionData } from '@portal/contract';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMailTo } from '../../server/src/platform/mail/read-outbox.ts';
import { apiPost, listHits } from '../src/api.ts';
import { DEMO_USER, launchChromium, loggedInPage, MOBILE, screenshot, sessionFor } from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

type Card = { company_id: string; name: string; is_certification: number };
type Paged<T> = { data: T[]; total_size: number };
type Product = { product_id: string; company_id: string; title: string };
type Related = {
  content_id: string;
  product_id: string;
  company_id: string;
  type: number;
  authorization_required: number;
  title: string;
};

let portal: PortalServer;
let browser: Browser;
let token = '';
let organs: Card[] = [];

async function apiGet<T>(path: string, as = token): Promise<T> {
  const r = await fetch(`${portal.url}${path}`, { headers: { token: as, source: '1' } });
  const body = (await r.json()) as { code: number; message: string; data: T };
  if (body.code !== 0) {
    throw new Error(`${path}: ${body.message}`);
  }
  return body.data;
}
const organNamed = (name: string) => {
  const found = organs.find((o) => o.name === name);
  if (!found) {
    throw new Error(`no organisation ${name}`);
  }
  return found;
};
const productsOf = async (companyId: string) =>
  (await apiGet<Paged<Product>>(`/api/company/detail/list?id=${companyId}&tn=company_product`)).data;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  token = (await sessionFor(portal, DEMO_USER)).token;
  organs = (await apiGet<Paged<Card>>('/api/company/list?page_size=50')).data;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The page size the directory asked for when the page opened at this width. */
/**
 * The size of the directory page /organ comes with: the server writes the page into the HTML
 * (session-data.ts), sized for the width it assumes — the width the browser noted on its last
 * page (a cookie), else a guess from the User-Agent — and the screen shows it without asking.
 */
async function directoryPageSize(page: Page): Promise<number> {
  const asked: string[] = [];
  const noteList = (request: Request) =>
    void (request.url().includes('/api/company/list') && asked.push(request.url()));
  page.on('request', noteList);
  const html = (await (await page.goto('/organ'))?.text()) ?? '';
  await page.getByRole('list', { name: '机构' }).getByRole('article').first().waitFor();
  page.off('request', noteList);
  expect(asked).toEqual([]);
  const block = new RegExp(`id="${SESSION_DATA_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1] ?? '{}';
  const list = (JSON.parse(block) as TSessionData).first?.find(
    (f) => f.key[0] === 'organ' && f.key[1] === 'list',
  );
  return Number(list?.key[4]);
}

describe('organisations in Chromium', () => {
  it('browses the directory: cards with logo, name, statistics and 查看详情; 24 a page, 30 on wide screens', async () => {
    const page = await loggedInPage(browser, portal);
    expect(await directoryPageSize(page)).toBe(24);
    const cards = page.getByRole('list', { name: '机构' }).getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(organs.length);
    const catl = cards.filter({ has: page.getByRole('heading', { name: '宁德时代' }) });
    await expect.poll(() => catl.getByText('已认证').count()).toBe(1);
    expect(
      await catl.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    expect(await catl.getByRole('definition').count()).toBe(3);
    await screenshot(page, 'organ-list-1440');
    // Widened: the next page is rendered for the width this one notes.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.goto('/organ');
    await page.getByRole('list', { name: '机构' }).getByRole('article').first().waitFor();
    expect(await directoryPageSize(page)).toBe(30);
    await page.context().close();

    const phone = await loggedInPage(browser, portal, MOBILE);
    expect(await directoryPageSize(phone)).toBe(24);
    await phone.getByRole('list', { name: '机构' }).getByRole('article').first().waitFor();
    await screenshot(phone, 'organ-list-390');
    await phone.context().close();
  });

  it('opens a certified organisation and sends the contact form: each invalid field shows its message, then thanks', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/organ');
    await page.getByRole('link', { name: '查看详情：宁德时代' }).click();
    await page.waitForURL(/\/organ\/organDetail\/\d+$/);
    await page.getByRole('heading', { name: '宁德时代', level: 1 }).waitFor();
    expect(await page.getByText('已认证').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: '官方网站' }).getAttribute('href')).toBe(
      'https://www.catl.example.com',
    );
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['产品', '报告', '产品内容', '关于']);
    await page.getByRole('link', { name: '麒麟电池' }).waitFor();
    await page.getByRole('tabpanel').scrollIntoViewIfNeeded();
    await screenshot(page, 'organ-detail-products-1440');
    await page.getByRole('tab', { name: '产品内容' }).click();
    await page.getByText('需授权').first().waitFor();
    await page.getByRole('tab', { name: '关于' }).click();
    await page
      .getByRole('tabpanel')
      .getByText(/动力电池及储能电池/)
      .waitFor();

    await page.getByRole('button', { name: '社交账号' }).click();
    const social = page.getByRole('dialog', { name: '社交账号' });
    await social.getByText('微信公众号').waitFor();
    await social.getByRole('button', { name: '关闭' }).click();
    await screenshot(page, 'organ-detail-1440');

    await page.getByRole('button', { name: '联系我们' }).click();
    const form = page.getByRole('dialog', { name: '联系我们' });
    await form.getByLabel('手机号').waitFor();
    // The prefill (the account's phone) arrives; then every field gets a value the rules refuse.
    await expect.poll(() => form.getByLabel('手机号').inputValue()).toBe(DEMO_USER);
    await form.getByLabel('公司').fill('');
    await form.getByLabel('部门').fill('R&D');
    await form.getByLabel('职位').fill('中'.repeat(25) + 'a');
    await form.getByLabel('姓名').fill('张 三');
    await form.getByLabel('邮箱').fill('zhang@');
    await form.getByLabel('手机号').fill('12812345678');
    await form.getByRole('button', { name: '提交' }).click();
    const errorOf = (label: string) =>
      form.locator('.organ-form__row', { has: page.getByLabel(label) }).getByRole('alert');
    expect(await errorOf('公司').textContent()).toBe('输入信息不能为空');
    expect(await errorOf('部门').textContent()).toBe('输入信息不能包含特殊字符');
    expect(await errorOf('职位').textContent()).toBe('输入信息不能超过50个字符');
    expect(await errorOf('姓名').textContent()).toBe('输入信息不能包含特殊字符');
    expect(await errorOf('邮箱').textContent()).toBe('输入邮箱格式不对');
    expect(await errorOf('手机号').textContent()).toBe('输入手机号格式不对');
    await screenshot(page, 'organ-contact-errors-1440');
    await form.getByLabel('手机号').fill('');
    expect(await errorOf('手机号').textContent()).toBe('输入信息不能为空');

    await form.getByLabel('公司').fill('星河科技');
    await form.getByLabel('部门').fill('市场部');
    await form.getByLabel('职位').fill('中'.repeat(25));
    await form.getByLabel('姓名').fill('张三');
    await form.getByLabel('邮箱').fill('zhang.san@example.com');
    await form.getByLabel('手机号').fill('13812345678');
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.getByRole('button', { name: '提交' }).click();
    await page.getByText('感谢你的参与，稍后会有专业人员与你联系').waitFor();
    await form.waitFor({ state: 'hidden' });
    const mail = await waitForMailTo(portal.dataDir, 'bd@catl.example.com', { timeoutMs: 10_000 });
    expect(mail.subject).toBe('【洞察门户】新的询盘：宁德时代');
    expect(mail.text).toContain('公司：星河科技');
    await page.context().close();
  });

  it('shows an uncertified organisation the claim instructions', async () => {
    const uncertified = organs.find((o) => o.is_certification === 0);
    if (!uncertified) {
      throw new Error('no uncertified demo organisation');
    }
    const page = await loggedInPage(browser, portal, MOBILE);
    await page.goto(`/organ/organDetail/${uncertified.company_id}`);
    await page.getByRole('heading', { name: uncertified.name, level: 1 }).waitFor();
    expect(await page.getByText('未认证').count()).toBe(1);
    expect(await page.getByRole('button', { name: '联系我们' }).count()).toBe(0);
    await screenshot(page, 'organ-detail-uncertified-390');
    await page.getByRole('button', { name: '认领机构' }).click();
    const claim = page.getByRole('dialog', { name: '认领该机构' });
    await claim.getByRole('link', { name: 'claim@portal.example.com' }).waitFor();
    expect(await claim.textContent()).toContain(uncertified.name);
    expect(await claim.getByRole('listitem').count()).toBe(3);
    await screenshot(page, 'organ-claim-390');
    await page.context().close();
  });

  it('opens a product and sends the more-information form, first without then with consent', async () => {
    const catl = organNamed('宁德时代');
    const page = await loggedInPage(browser, portal);
    await page.goto(`/organ/organDetail/${catl.company_id}`);
    await page.getByRole('link', { name: '神行超充电池' }).click();
    await page.waitForURL(/\/organ\/organProduct\/\d+\?product_id=\d+&company_id=\d+/);
    await page.getByRole('heading', { name: '神行超充电池', level: 1 }).waitFor();
    const crumbs = page.getByRole('navigation', { name: '面包屑导航' });
    expect(await crumbs.getByRole('listitem').allTextContents()).toEqual([
      '机构',
      '宁德时代',
      '神行超充电池',
    ]);
    await page.getByRole('region', { name: '产品图片' }).getByRole('img').first().waitFor();
    expect(await page.locator('iframe[title="神行超充电池 产品介绍"]').getAttribute('sandbox')).toBe(
      'allow-popups allow-popups-to-escape-sandbox',
    );
    await page.getByRole('heading', { name: '相关内容' }).waitFor();
    await screenshot(page, 'organ-product-1440');
    const more = page.getByRole('list', { name: '更多产品' });
    await more.getByRole('article').first().waitFor();
    expect(await more.getByRole('article').count()).toBe(3);
    expect(await more.getByRole('link', { name: '神行超充电池' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('heading', { name: '相关内容' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'organ-product-related-1440');

    // Back at the top first. Clicked from the related section, Playwright scrolls and sends the
    // mouse within a frame; Chromium then routes it by where the product-content iframe (a
    // cross-origin sandbox, its own process) stood before the scroll — over the button's new
    // place — so the click lands in the iframe. A person cannot click that fast; a test can.
    const moreInfo = page.getByRole('button', { name: '获取更多信息' });
    await moreInfo.scrollIntoViewIfNeeded();
    await moreInfo.click();
    const form = page.getByRole('dialog', { name: '获取更多信息' });
    await expect.poll(() => form.getByLabel('姓名').inputValue()).not.toBe('');
    await form.getByLabel('公司').fill('星河科技');
    await form.getByLabel('部门').fill('采购部');
    await form.getByLabel('职位').fill('采购经理');
    await form.getByLabel('邮箱').fill('buyer@example.com');
    await form.getByLabel('需求说明').fill('中'.repeat(200) + 'a');
    await form.getByRole('button', { name: '提交' }).click();
    await form.getByText('请勾选授权信息').waitFor();
    await form.getByText('输入信息不能超过200个字符').waitFor();
    await screenshot(page, 'organ-more-info-errors-1440');
    await form.getByLabel('需求说明').fill('想了解量产时间和报价。');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '提交' }).click();
    await page.getByText('感谢你的参与，稍后会有专业人员与你联系').waitFor();
    await form.waitFor({ state: 'hidden' });
    await page.waitForURL(/#product-content$/);
    expect(new URL(page.url()).searchParams.get('authorization_required')).toBeNull();
    // The consent tick authorised the user for this organisation.
    expect(
      (await apiGet<{ is_authorize: number }>(`/api/company/detail?id=${catl.company_id}`)).is_authorize,
    ).toBe(1);

    const phone = await loggedInPage(browser, portal, MOBILE);
    await phone.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await phone.getByRole('heading', { name: '神行超充电池', level: 1 }).waitFor();
    await screenshot(phone, 'organ-product-390');
    await phone.context().close();
    await page.context().close();
  });

  it('asks for consent before relation content that requires authorization, then shows it', async () => {
    const byd = organNamed('比亚迪');
    const [product] = await productsOf(byd.company_id);
    if (!product) {
      throw new Error('no 比亚迪 product');
    }
    const related = (
      await apiGet<Paged<Related>>(
        `/api/company/product/content/list?product_id=${product.product_id}&page_size=50`,
      )
    ).data;
    const locked = related.find((c) => c.type === 2 && c.authorization_required === 1);
    if (!locked) {
      throw new Error('no locked video');
    }

    const page = await loggedInPage(browser, portal);
    await page.goto(
      `/organ/organProduct/${product.product_id}?product_id=${product.product_id}&company_id=${byd.company_id}`,
    );
    await page.getByRole('link', { name: locked.title }).click();
    const consent = page.getByRole('dialog', { name: '授权说明' });
    await consent.waitFor();
    expect(await consent.textContent()).toContain('比亚迪');
    await screenshot(page, 'organ-consent-1440');
    await consent.getByRole('button', { name: '同意授权' }).click();
    await page.waitForURL(new RegExp(`/organ/organRelation/${locked.content_id}\\?`));
    await page.getByRole('heading', { name: locked.title, level: 1 }).waitFor();
    expect(
      await page.getByRole('navigation', { name: '面包屑导航' }).getByRole('listitem').allTextContents(),
    ).toEqual(['机构', '比亚迪', product.title, locked.title]);
    await page.getByText('时长').waitFor();
    const body = page.frameLocator(`iframe[title="${locked.title}"]`);
    await body.getByRole('heading', { name: '核心亮点' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'organ-relation-1440');
    await page.context().close();

    // Opened directly by a user who has not consented: the dialog comes first, the body after.
    await loginAs('13800000011');
    const other = await loggedInPage(browser, portal, MOBILE, '13800000011');
    await other.goto(
      `/organ/organRelation/${locked.content_id}?product_id=${product.product_id}&company_id=${byd.company_id}&authorization_required=1`,
    );
    const dialog = other.getByRole('dialog', { name: '授权说明' });
    await dialog.waitFor();
    expect(await other.locator(`iframe[title="${locked.title}"]`).count()).toBe(0);
    await screenshot(other, 'organ-consent-390');
    await dialog.getByRole('button', { name: '同意授权' }).click();
    await other
      .frameLocator(`iframe[title="${locked.title}"]`)
      .getByRole('heading', { name: '核心亮点' })
      .waitFor();
    await screenshot(other, 'organ-relation-390');
    await other.context().close();
  });

  it('sends a user without authorization from a product page that requires it to collect_404', async () => {
    const longi = organNamed('隆基绿能');
    const [product] = await productsOf(longi.company_id);
    if (!product) {
      throw new Error('no 隆基绿能 product');
    }
    const page = await loggedInPage(browser, portal);
    await page.goto(
      `/organ/organProduct/${product.product_id}?product_id=${product.product_id}&company_id=${longi.company_id}&authorization_required=1`,
    );
    await page.waitForURL(/\/self\/collect_404\?tips=/);
    expect(new URL(page.url()).searchParams.get('tips')).toBe('本页面需要授权才能访问');
    await page.getByText('本页面需要授权才能访问').waitFor();
    // Without the flag the same product opens.
    await page.goto(
      `/organ/organProduct/${product.product_id}?product_id=${product.product_id}&company_id=${longi.company_id}`,
    );
    await page.getByRole('heading', { name: product.title, level: 1 }).waitFor();
    await page.context().close();
  });

  it('from a report, the company link honours the company status and organ_detail_menu', async () => {
    type Detail = {
      detail_info: { _source: { company: { company_id: number; name: string; status: number }[] } };
    };
    const reports = await listHits(portal, token, 'report', 50);
    let joined: { id: string; name: string; companyId: number } | null = null;
    let notJoined: { id: string; name: string } | null = null;
    for (const r of reports) {
      const d = await apiPost<Detail>(portal, token, '/api/detail', { detail_id: r._id, index: r._index });
      for (const c of d.detail_info._source.company) {
        if (c.status === 0 && !joined) {
          joined = { id: r._id, name: c.name, companyId: c.company_id };
        }
        if (c.status !== 0 && !notJoined) {
          notJoined = { id: r._id, name: c.name };
        }
      }
    }
    if (!joined || !notJoined) {
      throw new Error('demo reports lack a joined or a not-joined company');
    }
    const reportUrl = (id: string) => `/report/report_details/${id}?id=${id}&index=portal_report`;

    const page = await loggedInPage(browser, portal);
    await page.goto(reportUrl(joined.id));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: joined.name, exact: true }).click();
    const organPage = await popup;
    await organPage.waitForURL(new RegExp(`/organ/organDetail/${joined.companyId}$`));
    await organPage.getByRole('heading', { name: joined.name, level: 1 }).waitFor();

    await page.goto(reportUrl(notJoined.id));
    await page.getByRole('button', { name: notJoined.name, exact: true }).click();
    await page.getByText('此机构暂未入驻').waitFor();
    expect(page.url()).toContain('/report/report_details/');
    await page.context().close();

    // A user without the organisation menu gets the no-permission page.
    await loginAs('13800000012');
    const db = new Database(join(portal.dataDir, 'portal.db'));
    try {
      db.prepare('UPDATE users SET organ_detail_menu = 0 WHERE phone = ?').run('13800000012');
    } finally {
      db.close();
    }
    const restricted = await loggedInPage(browser, portal, undefined, '13800000012');
    await restricted.goto(reportUrl(joined.id));
    await restricted.getByRole('button', { name: joined.name, exact: true }).click();
    await restricted.waitForURL(/\/self\/collect_404\?tips=/);
    expect(new URL(restricted.url()).searchParams.get('tips')).toBe('暂无查看权限');
    await restricted.context().close();
  });
});

/** Creates the account (the first login does) before a test changes it. */
async function loginAs(phone: string): Promise<void> {
  await sessionFor(portal, phone);
}
