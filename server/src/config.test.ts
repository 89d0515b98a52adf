import { DEFAULT_THEME, SMS_CODE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.ts';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

describe('loadConfig', () => {
  it('has embedded-mode defaults, paths relative to the repository root', () => {
    const c = loadConfig({});
    expect(c).toEqual({
      port: 3000,
      workers: Math.min(availableParallelism(), 8),
      host: '0.0.0.0',
      dataDir: join(REPO_ROOT, '.data'),
      database: { kind: 'sqlite', file: join(REPO_ROOT, '.data', 'portal.db') },
      publicUrl: 'http://localhost:3000',
      webDist: join(REPO_ROOT, 'web', 'dist'),
      logLevel: 'info',
      sms: { adapter: 'log' },
      trustProxy: 0,
      rateLimit: {
        phonePerHour: SMS_CODE.perPhonePerHour,
        phonePerDay: 10,
        wrongCodesPerHour: 10,
        ipPerWindow: SMS_CODE.perIpPer10Min,
        ipWindowSeconds: 600,
      },
      sessionTtlDays: 30,
      demoSeed: true,
      demoReports: 60,
      searchReaders: undefined,
      countFlushMs: 1000,
      readCacheMs: 2000,
      logoUrl: '/brand/logo.svg',
      theme: DEFAULT_THEME,
      oldDomains: [],
      frameOrigins: [],
      integrations: {
        tableau: null,
        quickBi: null,
        classifier: { url: null, accessToken: '' },
        frameOrigins: [],
      },
      account: {
        sso: null,
        wechat: { apiBase: 'https://api.weixin.qq.com', open: null, official: null, mini: null },
        feedbackFooter: {
          contact: ['客服邮箱：service@insight-portal.cn', '工作时间：工作日 9:00-18:00'],
          copyright: 'Copyright © 洞察门户 版权所有',
          officialQr: '',
          miniprogramQr: '',
        },
        privacyPolicyFile: join(REPO_ROOT, '.data', 'privacy-policy.txt'),
      },
      mail: { smtpUrl: null, from: '洞察门户 <no-reply@localhost>' },
      organClaimEmail: 'claim@portal.example.com',
      enquiryLimits: { perUserPerHour: 5, perIpPerHour: 20 },
      digest: { time: '08:00', timeZone: 'Asia/Shanghai' },
      appSecret: null,
      metricsToken: null,
      openApi: 'off',
      feeds: { allowHosts: [] },
      reportInbox: { dir: null, publish: false },
    });
  });

  it('reads the feed allow-list and the report drop folder', () => {
    const c = loadConfig({
      FEED_ALLOW_HOSTS: ' 127.0.0.1, Feeds.Intra ,',
      REPORT_INBOX: 'inbox',
      REPORT_INBOX_PUBLISH: '1',
    });
    expect(c.feeds.allowHosts).toEqual(['127.0.0.1', 'feeds.intra']);
    expect(c.reportInbox).toEqual({ dir: join(REPO_ROOT, 'inbox'), publish: true });
  });

  it('reads old domains and the viewer adapters', () => {
    const c = loadConfig({
      OLD_DOMAINS: ' Old.Example.com:8080, legacy.example.cn ,',
      TABLEAU_SERVER_URL: 'https://tableau.example.com/',
      TABLEAU_USERNAME: 'portal',
      QUICKBI_TOKEN_URL: 'https://bi.example.com/token',
      CLASSIFIER_URL: 'https://ai.example.com/classify',
    });
    expect(c.oldDomains).toEqual(['old.example.com', 'legacy.example.cn']);
    expect(c.integrations).toEqual({
      tableau: { serverUrl: 'https://tableau.example.com', username: 'portal', site: '' },
      quickBi: { tokenUrl: 'https://bi.example.com/token', accessKey: '', accessSecret: '' },
      classifier: { url: 'https://ai.example.com/classify', accessToken: '' },
      frameOrigins: ['https://tableau.example.com'],
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '', DEMO_SEED: ' ' })).toMatchObject({
      port: 3000,
      demoSeed: true,
      database: { kind: 'sqlite' },
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '3100',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      PUBLIC_URL: 'https://insight.example.cn/',
      WEB_DIST: 'build/web',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      RATE_LIMIT_PHONE_PER_HOUR: '10',
      RATE_LIMIT_IP_PER_WINDOW: '100',
      RATE_LIMIT_IP_WINDOW_SECONDS: '60',
      SESSION_TTL_DAYS: '7',
      DEMO_SEED: 'off',
      DEMO_REPORTS: '6',
      SEARCH_READERS: '0',
      LOGO_URL: '/files/logo.png',
      THEME: '{"theme_color":"#1677ff","button_bg1":"#1677ff"}',
    });
    expect(c).toMatchObject({
      port: 3100,
      host: '127.0.0.1',
      dataDir: '/var/lib/portal',
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/portal' },
      publicUrl: 'https://insight.example.cn',
      webDist: join(REPO_ROOT, 'build', 'web'),
      logLevel: 'warn',
      trustProxy: 1,
      rateLimit: { phonePerHour: 10, ipPerWindow: 100, ipWindowSeconds: 60 },
      sessionTtlDays: 7,
      demoSeed: false,
      demoReports: 6,
      searchReaders: 0,
      logoUrl: '/files/logo.png',
      theme: { ...DEFAULT_THEME, theme_color: '#1677ff', button_bg1: '#1677ff' },
    });
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
  });

  it('SMS_ADAPTER=aliyun|tencent stops at start-up naming every missing setting, and reads them all', () => {
    expect(() => loadConfig({ SMS_ADAPTER: 'aliyun', ALIYUN_SMS_SIGN_NAME: '洞察门户' })).toThrow(
      'SMS_ADAPTER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_TEMPLATE_CODE',
    );
    expect(() => loadConfig({ SMS_ADAPTER: 'tencent', TENCENT_SMS_SECRET_KEY: ' ' })).toThrow(
      'SMS_ADAPTER=tencent needs TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID',
    );
    expect(() => loadConfig({ SMS_ADAPTER: 'twilio' })).toThrow(/SMS_ADAPTER/);
    const aliyun = {
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 's',
      ALIYUN_SMS_SIGN_NAME: '洞察门户',
    };
    expect(loadConfig({ SMS_ADAPTER: 'aliyun', ...aliyun, ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1' }).sms).toEqual({
      adapter: 'aliyun',
      aliyun: {
        accessKeyId: 'id',
        accessKeySecret: 's',
        signName: '洞察门户',
        templateCode: 'SMS_1',
        endpoint: 'https://dysmsapi.aliyuncs.com',
      },
    });
    const tencent = loadConfig({
      SMS_ADAPTER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'k',
      TENCENT_SMS_SDK_APP_ID: '1400000000',
      TENCENT_SMS_SIGN_NAME: '洞察门户',
      TENCENT_SMS_TEMPLATE_ID: '449739',
      TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(tencent.sms).toMatchObject({
      adapter: 'tencent',
      tencent: { region: 'ap-guangzhou', endpoint: 'http://127.0.0.1:9', templateId: '449739' },
    });
    expect(
      loadConfig({ RATE_LIMIT_PHONE_PER_DAY: '20', LOGIN_WRONG_CODES_PER_HOUR: '6' }).rateLimit,
    ).toMatchObject({ phonePerDay: 20, wrongCodesPerHour: 6 });
  });

  it('lists every bad variable in one error', () => {
    expect(() =>
      loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://h/db', DEMO_SEED: 'maybe', THEME: '{bad' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*DEMO_SEED[\s\S]*THEME/);
    expect(() => loadConfig({ THEME: '{"colour":"red"}' })).toThrow(/THEME/);
  });

  it('reads DATABASE_READ_URL as the PostgreSQL read replica, and refuses one without DATABASE_URL or of another kind', () => {
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://u:p@db/portal',
        DATABASE_READ_URL: 'postgres://u:p@standby/portal',
      }).database,
    ).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db/portal',
      readUrl: 'postgres://u:p@standby/portal',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/portal', DATABASE_READ_URL: '' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db/portal',
    });
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://u:p@standby/portal' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://u:p@db/portal', DATABASE_READ_URL: 'mysql://standby/portal' }),
    ).toThrow(/DATABASE_READ_URL: must be a postgres:\/\/ URL/);
  });

  it('reads the operations settings: a metrics token of 16+ characters, who sees the OpenAPI document', () => {
    expect(loadConfig({ METRICS_TOKEN: 'k'.repeat(32), OPENAPI: 'admin' })).toMatchObject({
      metricsToken: 'k'.repeat(32),
      openApi: 'admin',
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short', OPENAPI: 'everyone' })).toThrow(
      /METRICS_TOKEN[\s\S]*OPENAPI/,
    );
  });

  it('limits enquiries to 5 per user and 20 per IP an hour unless set', () => {
    expect(loadConfig({}).enquiryLimits).toEqual({ perUserPerHour: 5, perIpPerHour: 20 });
    expect(
      loadConfig({ ENQUIRY_PER_USER_PER_HOUR: '2', ENQUIRY_PER_IP_PER_HOUR: '50' }).enquiryLimits,
    ).toEqual({ perUserPerHour: 2, perIpPerHour: 50 });
    expect(() => loadConfig({ ENQUIRY_PER_USER_PER_HOUR: '0', ENQUIRY_PER_IP_PER_HOUR: 'many' })).toThrow(
      /ENQUIRY_PER_USER_PER_HOUR[\s\S]*ENQUIRY_PER_IP_PER_HOUR/,
    );
  });

  it('lets the page frame the configured dashboard origins only', () => {
    expect(loadConfig({}).frameOrigins).toEqual([]);
    const config = loadConfig({
      TABLEAU_SERVER_URL: 'https://tableau.example.com/base/',
      TABLEAU_USERNAME: 'viewer',
      DASHBOARD_ORIGINS:
        ' https://app.powerbi.com , not a url, javascript:alert(1), https://bi.aliyun.com/x ',
    });
    expect(config.frameOrigins).toEqual([
      'https://tableau.example.com',
      'https://app.powerbi.com',
      'https://bi.aliyun.com',
    ]);
  });
});
