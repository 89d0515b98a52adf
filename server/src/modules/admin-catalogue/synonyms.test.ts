import { MSG, ZSearchReply, ZSynonymGroups, type TSearchReply, type TSynonymGroup } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const BASE = '/api/admin/catalogue/synonyms';

describe.each(testDatabases())('synonym groups on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
    const at = t.clock.now().getTime() - 60_000;
    const headline = (title: string) => ({
      title,
      description: '',
      content: `<p>${title}。</p>`,
      source_name: '同义词测试',
      source_url: 'https://example.com/s',
      published_at: at,
    });
    await t.content.addHeadlines([
      headline('宁德时代发布麒麟电池'),
      headline('CATL 匈牙利工厂投产'),
      headline('300750 股价创年内新高'),
      headline('星舰动力发布固态电池'),
      headline('星舰动力的海外工厂'),
      headline('StarShip Power 融资'),
    ]);
  }, 60_000);
  afterAll(() => t.close());

  const call = async <T = TSynonymGroup[]>(method: Method, url: string, token = admin, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const search = async (keyword: string) => {
    const res = await call<TSearchReply>('POST', '/api/search', user, { keyword, tn: 'all' });
    expect(res.status).toBe(200);
    return ZSearchReply.parse(res.body.data);
  };
  const titles = (reply: TSearchReply) => reply.data.map((h) => h._source.title).sort();

  it('is seeded with a sensible set, and a seeded group widens a search and says so', async () => {
    const groups = ZSynonymGroups.parse((await call('GET', BASE)).body.data);
    expect(groups.map((g) => g.words)).toContainEqual(['宁德时代', 'CATL', '300750']);
    expect(groups.map((g) => g.words)).toContainEqual(['人工智能', 'AI', '人工智慧']);
    const reply = await search('宁德时代');
    expect(titles(reply)).toEqual(
      expect.arrayContaining(['300750 股价创年内新高', 'CATL 匈牙利工厂投产', '宁德时代发布麒麟电池']),
    );
    expect(reply.synonyms).toEqual(['CATL', '300750']);
    expect((await search('CATL')).data.map((h) => h._source.highlight?.title)).toContain(
      '<em>宁德时代</em>发布麒麟电池',
    );
    expect((await search('麒麟电池')).synonyms).toBeUndefined();
  });

  it('adds, edits and deletes a group: searches follow at once, every write is audited', async () => {
    expect(titles(await search('星舰动力'))).toEqual(['星舰动力发布固态电池', '星舰动力的海外工厂']);

    const created = await call('POST', BASE, admin, { words: ' 星舰动力，StarShip Power、 ' });
    expect(created).toMatchObject({ status: 200, body: { message: MSG.saved } });
    const group = created.body.data.find((g) => g.words.includes('星舰动力'))!;
    expect(group.words).toEqual(['星舰动力', 'StarShip Power']);
    const widened = await search('星舰动力');
    expect(titles(widened)).toEqual(['StarShip Power 融资', '星舰动力发布固态电池', '星舰动力的海外工厂']);
    expect(widened.synonyms).toEqual(['StarShip Power']);

    const edited = await call('PUT', `${BASE}/${group.id}`, admin, {
      words: '星舰动力,固态电池',
      version: group.version,
    });
    expect(edited.status).toBe(200);
    expect(titles(await search('星舰动力'))).toEqual(['星舰动力发布固态电池', '星舰动力的海外工厂']);
    expect((await search('StarShip Power')).data.map((h) => h._source.title)).toEqual([
      'StarShip Power 融资',
    ]);
    // A stale version is refused and changes nothing.
    expect(
      await call('PUT', `${BASE}/${group.id}`, admin, { words: '星舰动力,x', version: group.version }),
    ).toMatchObject({ status: 409, body: { message: MSG.adminVersionConflict } });

    expect((await call('DELETE', `${BASE}/${group.id}?version=${group.version + 1}`)).status).toBe(200);
    expect((await search('星舰动力')).synonyms).toBeUndefined();
    expect((await call('DELETE', `${BASE}/${group.id}?version=${group.version + 2}`)).status).toBe(404);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', 'synonym_group')
      .where('target_id', '=', group.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['synonyms.create', 'synonyms.update', 'synonyms.delete']);
    expect(JSON.parse(String(audit[1]?.before))).toEqual({ words: ['星舰动力', 'StarShip Power'] });
  });

  it('refuses bad groups in the catalogue’s words and keeps other users out', async () => {
    const before = (await call('GET', BASE)).body.data;
    const refusals: [object, string][] = [
      [{ words: '星舰动力' }, MSG.adminSynonymsTooFew],
      [{ words: '' }, MSG.adminSynonymsTooFew],
      [{ words: Array.from({ length: 21 }, (_, i) => `词${i}`).join(',') }, MSG.adminSynonymsTooMany],
      [{ words: `星舰动力,${'长'.repeat(21)}` }, MSG.adminSynonymWordInvalid],
      [{ words: '星舰动力,！！' }, MSG.adminSynonymWordInvalid],
      [{ words: 'CATL,ｃａｔｌ' }, MSG.adminSynonymsDuplicate],
    ];
    for (const [payload, message] of refusals) {
      expect(await call('POST', BASE, admin, payload)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await call('GET', BASE)).body.data).toEqual(before);
    expect((await call('GET', BASE, user)).status).toBe(403);
    expect((await call('POST', BASE, '', { words: 'a,b' })).status).toBe(401);
    expect((await call('PUT', `${BASE}/999999`, admin, { words: 'a,b', version: 1 })).status).toBe(404);
  });
});
