import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../seed/demo-users.ts';
import { login } from '../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../test/testApp.ts';

const NUL = '\u0000';

describe.each(testDatabases())('control characters in request text on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let organ: number;
  let folder: number;
  let note: number;
  let item: string;

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { token }, payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { token } });

  /** What the user would see of their own data: refused calls must leave all of it as it was. */
  const snapshot = async () => ({
    profile: (await get('/api/user/set/get_user_info')).json().data,
    folders: (await post('/api/user/favorite/list', { tn: 'all' })).json().data,
    notes: (await get('/api/user/note/list')).json().data,
    keywords: (await get('/api/business/subscribe/info')).json().data.keyword_list,
  });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, DEMO_USER_PHONE)).token;
    organ = (await t.content.addOrganisations([{ name: '控制字符机构', is_certification: 1 }])).get(
      '控制字符机构',
    )!;
    folder = (await post('/api/user/favorite/create', { name: '原来的收藏夹', remark: '' })).json().data.id;
    const [headline] = await t.content.addHeadlines([
      {
        title: '控制字符头条',
        description: '头条',
        content: '<p>头条</p>',
        published_at: t.clock.now().getTime(),
      },
    ]);
    item = String(headline);
    const created = await post('/api/user/note/create', {
      content: '原来的笔记',
      data_id: item,
      data_type: 'portal_business',
    });
    note = created.json().data.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const enquiry = (field: string) => ({
    type: 2,
    company_id: organ,
    company: '星河科技',
    department: '市场部',
    job: '经理',
    name: '张三',
    email: 'zhang@example.com',
    phone: '13812345678',
    content: '',
    [field]: field === 'email' ? `zhang${NUL}@example.com` : `张${NUL}三`,
  });

  /** The nine calls the probe found answering 500 on PostgreSQL, and the other text a user sends. */
  const calls: [string, () => Promise<{ statusCode: number; json(): unknown }>][] = [
    ['folder name', () => post('/api/user/favorite/create', { name: `收藏${NUL}夹`, remark: '' })],
    [
      'folder description',
      () => post('/api/user/favorite/create', { name: '新收藏夹', remark: `描述${NUL}` }),
    ],
    [
      'folder rename',
      () => post('/api/user/favorite/update', { id: folder, name: `改名${NUL}`, remark: '' }),
    ],
    [
      'note content',
      () =>
        post('/api/user/note/create', { content: `笔记${NUL}`, data_id: item, data_type: 'portal_business' }),
    ],
    ['note edit', () => post('/api/user/note/update', { id: note, content: `改过${NUL}的笔记` })],
    ['nickname', () => post('/api/user/set/nickname', { nickname: `昵${NUL}称` })],
    [
      'nickname in update_user_info',
      () => post('/api/user/set/update_user_info', { nickname: `昵${NUL}称` }),
    ],
    ['enquiry name', () => post('/api/company/contact/create', enquiry('name'))],
    ['enquiry company', () => post('/api/company/contact/create', enquiry('company'))],
    ['enquiry email', () => post('/api/company/contact/create', enquiry('email'))],
    [
      'keyword status',
      () => post('/api/business/subscribe/keyword/status', { keyword: `新能源${NUL}`, status: 0 }),
    ],
    ['search keyword', () => post('/api/search', { keyword: `电池${NUL}` })],
    ['headline list keyword', () => post('/api/business/list', { keyword: `电池${NUL}` })],
    [
      'feedback content',
      () =>
        post('/api/feedback/set/info', {
          email: 'a@example.com',
          content: `反馈内容不少于十个字${NUL}`,
          screen_shot: '',
        }),
    ],
    ['a key, not a value', () => post('/api/user/favorite/create', { name: '收藏夹', [`re${NUL}mark`]: '' })],
    ['a query string', () => get(`/api/user/note/list?data_id=${item}&data_type=portal_business%00`)],
    [
      'another control character',
      () =>
        post('/api/user/note/create', { content: '响铃\u0007', data_id: item, data_type: 'portal_business' }),
    ],
  ];

  it.each(calls)('%s → 400 输入内容包含无效字符, nothing changed', async (_name, call) => {
    const before = await snapshot();
    const res = await call();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: MSG.controlChar, data: null });
    expect(await snapshot()).toEqual(before);
  });

  it('tabs and line breaks are text, not control characters', async () => {
    const res = await post('/api/user/note/update', { id: note, content: '第一行\r\n第二行\t缩进' });
    expect(res.statusCode).toBe(200);
    const notes = (await get('/api/user/note/list')).json().data.data as { id: number; content: string }[];
    expect(notes.find((n) => n.id === note)?.content).toBe('第一行\r\n第二行\t缩进');
  });
});
