import { MSG, type THeadlineListReply, type TSubscribeInfoReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { queryTokens } from '../../search/segmenter.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createUsers } from '../users/users.service.ts';
import { createSubscriptionsRepo } from './subscriptions.repo.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

type Envelope<T> = { code: number; message: string; data: T };

describe.each(testDatabases())('subscriptions API on %s', (kind) => {
  let t: TestApp;
  let demo: string;
  let nextPhone = 13900001000;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    demo = (await login(t, DEMO_USER_PHONE)).token;
  }, 120_000);
  afterAll(() => t.close());

  const newUser = async () => {
    const phone = String(nextPhone++);
    return { phone, ...(await login(t, phone)) };
  };
  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: Record<string, unknown>,
  ) => {
    const res = await t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const info = async (token: string) =>
    (await call<TSubscribeInfoReply>('GET', '/api/business/subscribe/info', token)).body.data;
  const setType = (token: string, body: Record<string, unknown>) =>
    call('POST', '/api/user/set/company_type', token, body);
  const update = (token: string, body: Record<string, unknown>) =>
    call('POST', '/api/business/subscribe/update', token, body);
  const selectedType = (i: TSubscribeInfoReply) => i.company_type.find((c) => c.select === 1)?.name ?? null;

  it('gives the demo user the catalogue with their choices selected', async () => {
    const i = await info(demo);
    expect(i.subscribe_info).toHaveLength(30);
    expect(i.subscribe_info.filter((k) => k.select === 1).map((k) => k.keyword)).toEqual([
      '新能源汽车',
      '动力电池',
      '跨境电商',
      '人工智能大模型',
      '咖啡茶饮',
    ]);
    expect(i.custom_subscribe_info).toEqual([]);
    expect(i.email).toBe('user1@example.com');
    expect(i.company_type.map((c) => c.name)).toEqual([
      '品牌方',
      '代理商/服务商',
      '媒体',
      '投资机构',
      '咨询/研究机构',
      '其他',
    ]);
    const brand = i.company_type[0];
    expect(brand?.select).toBe(1);
    expect(brand?.industry.find((x) => x.select === 1)?.name).toBe('新能源');
    expect(brand?.industry.map((x) => x.name)).toContain('美妆个护');
    expect(i.company_type.slice(1).every((c) => c.industry.length === 0 && c.select === 0)).toBe(true);
    expect(i.user_company_type_status).toBe(1);
    expect(i.set_keyword_status).toBe(1);
  });

  it('leaves a freshly registered phone un-onboarded, with nothing selected', async () => {
    const reply = await newUser();
    expect(reply.user_company_type_status).toBe(0);
    expect(reply.set_keyword_status).toBe(0);
    const i = await info(reply.token);
    expect(i.subscribe_info.every((k) => k.select === 0)).toBe(true);
    expect(selectedType(i)).toBeNull();
    expect(i.email).toBe('');
    expect(i.keyword_list).toEqual([]);
  });

  it('step 1 requires a known company type, and an industry for the brand-owner type', async () => {
    const { token } = await newUser();
    const refused = [
      [{}, MSG.subscribeCompanyType],
      [{ company_type: '  ' }, MSG.subscribeCompanyType],
      [{ company_type: '外星企业' }, MSG.subscribeCompanyType],
      [{ company_type: '品牌方' }, MSG.subscribeIndustry],
      [{ company_type: '品牌方', industry: '造飞船' }, MSG.subscribeIndustry],
    ] as const;
    for (const [body, message] of refused) {
      const r = await setType(token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(selectedType(await info(token))).toBeNull();
    expect((await info(token)).user_company_type_status).toBe(0);

    const ok = await setType(token, { company_type: '品牌方', industry: '美妆个护' });
    expect(ok.body).toMatchObject({ code: 0, data: { user_company_type_status: 1 } });
    const i = await info(token);
    expect(selectedType(i)).toBe('品牌方');
    expect(i.company_type[0]?.industry.find((x) => x.select === 1)?.name).toBe('美妆个护');
    expect(i.user_company_type_status).toBe(1);
  });

  it('a type without industries ignores a stray industry', async () => {
    const { token } = await newUser();
    expect((await setType(token, { company_type: '媒体', industry: '美妆个护' })).body.code).toBe(0);
    const i = await info(token);
    expect(selectedType(i)).toBe('媒体');
    expect(i.company_type[0]?.industry.every((x) => x.select === 0)).toBe(true);
  });

  it('update refuses bad input in the spec words and changes nothing', async () => {
    const { token } = await newUser();
    await setType(token, { company_type: '投资机构' });
    const good = { subscribe: ['光伏'], email: 'a@example.com', company: '投资机构', industry: '' };
    const refused = [
      [{ ...good, subscribe: [] }, MSG.subscribeKeyword],
      [{ ...good, subscribe: undefined }, MSG.subscribeKeyword],
      [{ ...good, email: 'not-an-email' }, MSG.subscribeEmail],
      [{ ...good, email: '' }, MSG.subscribeEmail],
      [{ ...good, company: '' }, MSG.subscribeCompanyType],
      [{ ...good, company: '品牌方' }, MSG.subscribeIndustry],
      [{ ...good, subscribe: ['光伏', '光伏'] }, MSG.keywordDuplicate],
      [{ ...good, subscribe: ['光伏', '一二三四五六七八九十一'] }, MSG.keywordTooLong],
      [{ ...good, subscribe: ['光伏', 'a', 'b', 'c', 'd', 'e', 'f'] }, MSG.customKeywordLimit],
    ] as const;
    for (const [body, message] of refused) {
      const r = await update(token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const i = await info(token);
    expect(i.keyword_list).toEqual([]);
    expect(i.email).toBe('');
    expect(i.set_keyword_status).toBe(0);
  });

  it('takes custom keywords only once the company type is set', async () => {
    const { token } = await newUser();
    const r = await update(token, {
      subscribe: ['光伏', '露营经济'],
      email: 'b@example.com',
      company: '媒体',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.customKeywordNeedsCompanyType);
    expect((await info(token)).keyword_list).toEqual([]);
    // Recommended keywords alone are fine without step 1 (the update sets the type itself).
    expect(
      (await update(token, { subscribe: ['光伏'], email: 'b@example.com', company: '媒体' })).body.code,
    ).toBe(0);
  });

  it('saves company, keywords (five custom at most) and e-mail, and marks the user onboarded', async () => {
    const { token, phone } = await newUser();
    await setType(token, { company_type: '品牌方', industry: '食品饮料' });
    const custom = ['露营经济', '预制菜', '银发经济', '低空经济', '谷子经济'];
    const r = await update(token, {
      subscribe: ['咖啡茶饮', ...custom, '白酒'],
      email: ' c@example.com ',
      company: '品牌方',
      industry: '食品饮料',
    });
    expect(r.body).toMatchObject({ code: 0, data: { set_keyword_status: 1 } });
    const i = await info(token);
    expect(i.subscribe_info.filter((k) => k.select === 1).map((k) => k.keyword)).toEqual([
      '咖啡茶饮',
      '白酒',
    ]);
    expect(i.custom_subscribe_info.map((k) => k.keyword)).toEqual(custom);
    expect(i.keyword_list.map((k) => k.keyword)).toEqual(['咖啡茶饮', ...custom, '白酒']);
    expect(i.keyword_list.every((k) => k.status === 1)).toBe(true);
    expect(i.email).toBe('c@example.com');
    expect(i.set_keyword_status).toBe(1);
    t.clock.advance(61); // the next login code for the phone
    const again = await login(t, phone);
    expect(again.set_keyword_status).toBe(1);
    expect(again.user_company_type_status).toBe(1);

    // The address is changed only through the verified flow once there is one.
    const moved = await update(token, {
      subscribe: ['白酒'],
      email: 'elsewhere@example.com',
      company: '品牌方',
      industry: '食品饮料',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(MSG.emailChangeNeedsCode);
    expect((await info(token)).keyword_list).toHaveLength(7);
  });

  it('an unsubscribed user subscribes again by saving the settings, as the unsubscribe page says', async () => {
    const { token } = await newUser();
    await setType(token, { company_type: '其他' });
    const settings = { subscribe: ['光伏'], email: 'back@example.com', company: '其他' };
    await update(token, settings);
    expect((await info(token)).subscribed).toBe(1);

    const gone = await call('POST', '/api/unsubscribe', token, { from_where: 'email' });
    expect(gone.body.code).toBe(0);
    expect((await info(token)).subscribed).toBe(0);

    expect((await update(token, settings)).body.code).toBe(0);
    expect((await info(token)).subscribed).toBe(1);
    const row = await t.db.kysely
      .selectFrom('user_subscriptions')
      .innerJoin('users', 'users.id', 'user_subscriptions.user_id')
      .select(['subscribed', 'unsubscribed_at'])
      .where('users.email', '=', 'back@example.com')
      .executeTakeFirstOrThrow();
    expect({ subscribed: Number(row.subscribed), unsubscribed_at: row.unsubscribed_at }).toEqual({
      subscribed: 1,
      unsubscribed_at: null,
    });
  });

  it('keeps a keyword hidden across a later update, and scopes the toggle to its owner', async () => {
    const { token } = await newUser();
    await setType(token, { company_type: '其他' });
    await update(token, { subscribe: ['光伏', '储能'], email: 'd@example.com', company: '其他' });
    const toggle = (as: string, keyword: string, status: number) =>
      call<{ keyword: string; status: number }>('POST', '/api/business/subscribe/keyword/status', as, {
        keyword,
        status,
      });
    expect((await toggle(token, '储能', 0)).body.data).toEqual({ keyword: '储能', status: 0 });
    await update(token, { subscribe: ['光伏', '储能', '算力'], email: 'd@example.com', company: '其他' });
    const statuses = Object.fromEntries((await info(token)).keyword_list.map((k) => [k.keyword, k.status]));
    expect(statuses).toEqual({ 光伏: 1, 储能: 0, 算力: 1 });

    // Another user has no 储能 subscription: not found, and the owner's state is untouched.
    const other = await toggle(demo, '储能', 1);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(MSG.keywordNotSubscribed);
    expect((await info(token)).keyword_list.find((k) => k.keyword === '储能')?.status).toBe(0);
    expect((await toggle(token, '储能', 2)).status).toBe(400);
  });

  it('feeds catalogue and custom keywords to the segmenter as single words', async () => {
    // Words unique to this database run, so an earlier run cannot have loaded them.
    const adminWord = `${kind === 'sqlite' ? '银杏' : '银桦'}康养经济`;
    const customWord = `${kind === 'sqlite' ? '冰雪' : '冰川'}文旅经济`;
    expect(queryTokens(adminWord)).not.toEqual([adminWord]);
    await t.db.kysely.insertInto('subscription_keywords').values({ keyword: adminWord, sort: 99 }).execute();
    await createSubscriptionsService({
      repo: createSubscriptionsRepo(t.db),
      users: createUsers(t.db),
      clock: t.clock,
    }).loadKeywordWords();
    expect(queryTokens(adminWord)).toEqual([adminWord]);

    const { token } = await newUser();
    await setType(token, { company_type: '媒体' });
    expect(queryTokens(customWord)).not.toEqual([customWord]);
    await update(token, { subscribe: [customWord], email: 'w@example.com', company: '媒体' });
    expect(queryTokens(customWord)).toEqual([customWord]);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/business/subscribe/info' });
    expect(res.statusCode).toBe(401);
  });
});

describe.each(testDatabases())('headline list on %s', (kind) => {
  let t: TestApp;
  let demo: string;
  const HOUR = 3_600_000;
  const titles = {
    car: '新能源汽车销量创下新高',
    battery: '动力电池装机量同比增长',
    both: '新能源汽车热销带动动力电池需求',
    shop: '跨境电商独立站迎来新机遇',
    liquor: '白酒批价回落，渠道库存承压',
  };
  beforeAll(async () => {
    t = await buildTestApp(kind);
    demo = (await login(t, DEMO_USER_PHONE)).token;
    const now = t.clock.now().getTime();
    const rows = Object.values(titles).map((title, i) => ({
      title,
      description: `${title}。行业观察。`,
      content: `<p>${title}，业内人士分析。</p>`,
      source_name: '界面新闻',
      source_url: 'https://www.jiemian.example.cn/a',
      published_at: now - (i + 1) * HOUR,
    }));
    // 跨境电商 is read far more than the rest: 最热 puts it first.
    const counts = rows.map((r) =>
      r.title === titles.shop ? { views: 5000, downloads: 100, favorites: 50, useful: 50 } : undefined,
    );
    await t.content.addHeadlines(rows, counts);
  }, 120_000);
  afterAll(() => t.close());

  const list = async (body: Record<string, unknown>, token = demo) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/business/list',
      headers: { token },
      payload: body,
    });
    return res.json<Envelope<THeadlineListReply>>();
  };
  const titlesOf = (r: Envelope<THeadlineListReply>) => r.data.data.map((h) => h._source.title);

  it('lists the headlines of the user’s keywords, newest first, with the keyword highlighted', async () => {
    const r = await list({ tn: 'business', page: 1, page_size: 20, psort: 'new' });
    expect(r.code).toBe(0);
    expect(titlesOf(r)).toEqual([titles.car, titles.battery, titles.both, titles.shop]);
    expect(r.data.total).toEqual({ value: 4, relation: 'eq' });
    expect(r.data.page_size).toBe(20);
    expect(r.data.data[0]?._index).toBe('portal_business');
    // Each row is marked for the keyword that brought it (the first of the user's that matches).
    const marked = r.data.data.map((h) => h._source.highlight?.title);
    expect(marked[0]).toContain('<em>新能源汽车</em>');
    expect(marked[1]).toContain('<em>动力电池</em>');
    expect(marked[3]).toContain('<em>跨境电商</em>');
  });

  it('leaves out every headline matching a keyword of the exclusion list', async () => {
    const r = await list({ subscribe_keyword: ['动力电池'] });
    expect(titlesOf(r)).toEqual([titles.car, titles.shop]);
    expect(r.data.total.value).toBe(2);
    expect(titlesOf(await list({ subscribe_keyword: '动力电池,新能源汽车' }))).toEqual([titles.shop]);
    // Only the user's own keywords are exclusions; anything else sent is ignored.
    expect(titlesOf(await list({ subscribe_keyword: ['白酒', '销量'] }))).toHaveLength(4);
  });

  it('narrows by keyword text, sorts by hot, and pages', async () => {
    const narrowed = await list({ keyword: '销量' });
    expect(titlesOf(narrowed)).toEqual([titles.car]);
    // Narrowed rows are marked for the text typed.
    expect(narrowed.data.data[0]?._source.highlight?.title).toContain('<em>销量</em>');
    expect(titlesOf(await list({ psort: 'hot' }))[0]).toBe(titles.shop);
    const first = await list({ page: 1, page_size: 3 });
    const second = await list({ page: 2, page_size: 3 });
    expect(titlesOf(first)).toEqual([titles.car, titles.battery, titles.both]);
    expect(titlesOf(second)).toEqual([titles.shop]);
    expect(second.data.total.value).toBe(4);
  });

  it('honours the stored hidden state, and lists nothing for a user without keywords', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/business/subscribe/keyword/status',
      headers: { token: demo },
      payload: { keyword: '新能源汽车', status: 0 },
    });
    expect(titlesOf(await list({}))).toEqual([titles.battery, titles.shop]);
    await t.app.inject({
      method: 'POST',
      url: '/api/business/subscribe/keyword/status',
      headers: { token: demo },
      payload: { keyword: '新能源汽车', status: 1 },
    });
    const stranger = (await login(t, '13900002001')).token;
    const r = await list({}, stranger);
    expect(r.data.data).toEqual([]);
    expect(r.data.total.value).toBe(0);
  });

  it('refuses an unknown sort or tab', async () => {
    expect((await list({ psort: 'recommend' })).code).not.toBe(0);
    expect((await list({ tn: 'report' })).code).not.toBe(0);
  });

  // Last: it adds a headline the lists above would show.
  it('matches a keyword through its synonym group, as the digest does', async () => {
    // The seeded group 新能源汽车 / 新能源车 / NEV: this title never says 新能源汽车.
    const synonymTitle = '新能源车渗透率首次突破五成';
    await t.content.addHeadlines([
      {
        title: synonymTitle,
        description: '乘联会数据显示，新能源车零售渗透率过半。',
        content: '<p>乘联会数据显示，新能源车零售渗透率过半。</p>',
        source_name: '界面新闻',
        source_url: 'https://www.jiemian.example.cn/b',
        published_at: t.clock.now().getTime() - 30 * 60_000,
      },
    ]);
    const first = (await list({})).data.data[0];
    expect(first?._source.title).toBe(synonymTitle);
    expect(first?._source.highlight?.title).toContain('<em>新能源车</em>');
    expect(titlesOf(await list({ keyword: '新能源汽车' }))).toContain(synonymTitle);
    // Hiding the keyword hides what it matched through its synonyms too.
    expect(titlesOf(await list({ subscribe_keyword: ['新能源汽车'] }))).not.toContain(synonymTitle);
  });
});

describe.each(testDatabases())('headline list past the walk bound on %s', (kind) => {
  let t: TestApp;
  let demo: string;
  /** More 动力电池 headlines than one keyword's walk reads (MAX_OFFSET + a page = 1,050). */
  const NEWER = 1_080;
  const old = '新能源汽车与动力电池双双提速';
  const PIECES = '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥东南西北春夏秋冬金木水火土山川河海风云雷电';
  /** Text unlike any other filler's, so no two are taken for copies of one story. */
  const noise = (i: number) =>
    Array.from({ length: 12 }, (_, k) => PIECES[(i * 7 + k * k * 13 + i * k) % PIECES.length]).join('');
  const list = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/business/list',
      headers: { token: demo },
      payload: { tn: 'business', page_size: 20, ...body },
    });
    return res.json<Envelope<THeadlineListReply>>().data;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    demo = (await login(t, DEMO_USER_PHONE)).token;
    const now = t.clock.now().getTime();
    const day = 86_400_000;
    const headline = (title: string, at: number, i: number) => ({
      title,
      description: `${title}。`,
      content: `<p>${title}，${noise(i + 1)}。</p>`,
      source_name: '界面新闻',
      source_url: `https://www.jiemian.example.cn/${i}`,
      published_at: at,
    });
    const rows = [headline(old, now - 365 * day, 0)];
    for (let i = 1; i <= NEWER; i++) {
      rows.push(headline(`动力电池${noise(i)}第${i}号`, now - i * 60_000, i));
    }
    await t.content.addHeadlines(rows);
  }, 180_000);
  afterAll(() => t.close());

  it('leaves out a hidden keyword’s headlines older than its newest matches', async () => {
    const all = await list({ psort: 'new', page: 1 });
    // 动力电池 alone brings its newest 1,050 (the walk's bound), 新能源汽车 the old one.
    expect(all.total).toEqual({ value: 1_051, relation: 'gte' });
    const hidden = await list({ psort: 'new', page: 1, subscribe_keyword: ['动力电池'] });
    expect(hidden.data.map((h) => h._source.title)).not.toContain(old);
    expect(hidden.total.value).toBe(0);
  });

  it('narrows to text among every headline listed, not only the text’s newest', async () => {
    const first = await list({ psort: 'new', page: 1, keyword: '动力电池' });
    expect(first.total.value).toBe(1_051);
    const last = await list({ psort: 'new', page: Math.ceil(1_051 / 20), keyword: '动力电池' });
    const oldest = last.data.at(-1)?._source;
    expect(oldest?.title).toBe(old);
    expect(oldest?.highlight?.title).toContain('<em>动力电池</em>');
  });
});
