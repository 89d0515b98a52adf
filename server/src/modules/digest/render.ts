import { decodeHtmlEntities } from '@portal/contract';
import { escapeHtml, highlightSnippet, highlightTitle } from '../../search/highlight.ts';
import { highlightTokens, queryTerms } from '../../search/segmenter.ts';
import { headlineText } from '../content/headline-html.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import type { HeadlineRow } from './digest.repo.ts';

/** One section: a keyword's (or a search alert's) items, with what its footer links need. */
export type RenderGroup = {
  keyword: string;
  headlines: readonly HeadlineRow[];
  /** Reports (a search alert that follows reports). */
  reports?: readonly HeadlineRow[];
  /** New matches in all (查看全部 N 条); the items shown are the newest of them. */
  total: number;
  /** Set on a search alert's section. */
  alert?: { id: number; tn: string };
  /** Signs the section's 不再接收 link. */
  muteToken: string;
};

export type DigestToRender = {
  digestId: number;
  /** YYYY-MM-DD in the digest time zone. */
  day: string;
  to: string;
  unsubscribeToken: string;
  groups: readonly RenderGroup[];
};

type Block = { html: string; text: string };
type Why = { kind: 'keyword' | 'alert'; label: string };

const ORANGE = '#f96007';
/** Characters of body the snippet is cut from (the snippet itself is ~120). */
const SNIPPET_SOURCE_CHARS = 2000;

/**
 * Renders digest e-mails (Chinese, text + HTML). A headline's block under a keyword — title,
 * source, time, snippet with the keyword highlighted, link — is rendered once and reused for
 * every subscriber who gets it; a digest is then its blocks plus a header and footer.
 */
export class DigestRenderer {
  /** keyword → headline id → block. */
  private readonly blocks = new Map<string, Map<number, Block>>();
  private readonly tokens = new Map<string, string[]>();
  private readonly timeFormat: Intl.DateTimeFormat;
  private readonly host: string;

  constructor(
    private readonly publicUrl: string,
    timeZone: string,
  ) {
    this.timeFormat = new Intl.DateTimeFormat('zh-CN', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    this.host = new URL(publicUrl).hostname || 'localhost';
  }

  headlineUrl(id: number): string {
    return `${this.publicUrl}/headlines/headlines_details/${id}?id=${id}`;
  }

  render(d: DigestToRender): MailMessage {
    const count = d.groups.reduce((n, g) => n + g.headlines.length + (g.reports?.length ?? 0), 0);
    const [, month, date] = d.day.split('-').map(Number);
    const subject = `【洞察门户】${month}月${date}日订阅速递：${count}条新头条`;
    const enc = encodeURIComponent(d.unsubscribeToken);
    const unsubscribePage = `${this.publicUrl}/unsubscribe?from_where=email&token=${enc}`;
    const oneClick = `${this.publicUrl}/api/unsubscribe?token=${enc}`;
    const settings = `${this.publicUrl}/keyword_setting`;
    // What the reader subscribed to, as they named it: keywords, then saved searches.
    const keywordNames = d.groups.filter((g) => !g.alert).map((g) => g.keyword);
    const alertNames = d.groups.filter((g) => g.alert).map((g) => g.keyword);
    const subscribed = [
      ...(keywordNames.length > 0 ? [`关键词（${keywordNames.join('、')}）`] : []),
      ...(alertNames.length > 0 ? [`搜索订阅（${alertNames.join('、')}）`] : []),
    ].join('和');

    const text: string[] = [`您好！您订阅的${subscribed}有 ${count} 条新内容：`, ''];
    const html: string[] = [
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
      `<body style="margin:0;padding:0;background:#f5f5f5;font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#262626">`,
      `<div style="max-width:640px;margin:0 auto;background:#fff;padding:24px">`,
      `<h1 style="font-size:20px;margin:0 0 8px;color:${ORANGE}">洞察门户 · 每日订阅</h1>`,
      `<p style="margin:0 0 16px;font-size:14px;color:#595959">您好！您订阅的${escapeHtml(subscribed)}有 <b>${count}</b> 条新内容。</p>`,
    ];
    for (const g of d.groups) {
      const heading = g.alert ? `搜索订阅：${g.keyword}` : g.keyword;
      text.push(`【${heading}】`);
      html.push(
        `<h2 style="font-size:16px;margin:24px 0 8px;padding-left:8px;border-left:4px solid ${ORANGE}">${escapeHtml(heading)}</h2>`,
      );
      const why: Why = g.alert ? { kind: 'alert', label: g.keyword } : { kind: 'keyword', label: g.keyword };
      for (const h of g.headlines) {
        const block = this.block(why, 'headline', h);
        text.push(block.text);
        html.push(block.html);
      }
      for (const r of g.reports ?? []) {
        const block = this.block(why, 'report', r);
        text.push(block.text);
        html.push(block.html);
      }
      const footer = this.sectionFooter(g);
      text.push(footer.text);
      html.push(footer.html);
    }
    // Each block ends with a blank line already.
    text.push(
      `修改订阅关键词或接收邮箱：${settings}`,
      `退订每日订阅邮件：${unsubscribePage}`,
      '',
      '此邮件由洞察门户自动发送，请勿直接回复。',
    );
    html.push(
      `<hr style="border:none;border-top:1px solid #f0f0f0;margin:24px 0 12px">`,
      `<p style="font-size:12px;color:#8c8c8c;margin:0">此邮件由洞察门户自动发送，请勿直接回复。` +
        `<a href="${escapeHtml(settings)}" style="color:${ORANGE}">修改订阅设置</a> · ` +
        `<a href="${escapeHtml(unsubscribePage)}" style="color:#8c8c8c">退订</a></p>`,
      `</div></body></html>`,
    );
    return {
      to: d.to,
      subject,
      text: text.join('\n'),
      html: html.join('\n'),
      headers: {
        // RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs here.
        'List-Unsubscribe': `<${oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `洞察门户每日订阅 <digest.${this.host}>`,
        'Auto-Submitted': 'auto-generated',
      },
      // Fixed per digest: a resend after a crash carries the same id.
      messageId: `<digest-${d.digestId}-${d.day}@${this.host}>`,
    };
  }

  reportUrl(id: number): string {
    return `${this.publicUrl}/report/report_details/${id}`;
  }

  /**
   * 查看全部 N 条 (a keyword: /headlines filtered by it; an alert: the search it saved) and the
   * signed 不再接收 link that stops this section.
   */
  private sectionFooter(g: RenderGroup): Block {
    const all = g.alert
      ? `${this.publicUrl}/searchpage/searchpage?${new URLSearchParams({
          search: g.keyword,
          ...(g.alert.tn === 'all' ? {} : { tab: g.alert.tn }),
        }).toString()}`
      : `${this.publicUrl}/headlines?${new URLSearchParams({ keyword: g.keyword }).toString()}`;
    const mute = `${this.publicUrl}/digest_mute?token=${encodeURIComponent(g.muteToken)}`;
    const allLabel = `查看全部 ${g.total} 条`;
    const muteLabel = g.alert ? '不再接收此搜索' : '不再接收';
    return {
      text: [`  ${allLabel}：${all}`, `  ${muteLabel}「${g.keyword}」：${mute}`, ''].join('\n'),
      html:
        `<p style="margin:0 0 8px;font-size:13px">` +
        `<a href="${escapeHtml(all)}" style="color:${ORANGE};text-decoration:none">${allLabel} ›</a>` +
        `<span style="color:#d9d9d9"> · </span>` +
        `<a href="${escapeHtml(mute)}" style="color:#8c8c8c">${muteLabel}</a></p>`,
    };
  }

  /** A headline's or report's block under one keyword or alert, rendered once per pass. */
  private block(why: Why, kind: 'headline' | 'report', h: HeadlineRow): Block {
    const key = `${why.kind}:${kind}:${why.label}`;
    let ofKeyword = this.blocks.get(key);
    if (!ofKeyword) {
      this.blocks.set(key, (ofKeyword = new Map()));
    }
    let block = ofKeyword.get(h.id);
    if (block) {
      return block;
    }
    const keyword = why.label;
    const tokens = this.tokensOf(keyword);
    const body = h.description || headlineText(h.content);
    const snippetHtml = highlightSnippet(
      { window: body.slice(0, SNIPPET_SOURCE_CHARS), start: 0, more: body.length > SNIPPET_SOURCE_CHARS },
      tokens,
    );
    const when = this.timeFormat.format(new Date(h.published_at)).replace(/\//g, '-');
    // The matched words are marked in the title too: a keyword may match there and not in the snippet.
    const titleHtml = highlightTitle(h.title, tokens).replace(
      /<em>/g,
      `<em style="font-style:normal;color:${ORANGE}">`,
    );
    const url = kind === 'report' ? this.reportUrl(h.id) : this.headlineUrl(h.id);
    const source = h.source_name || '商业头条';
    // Why this item is here: the keyword or the saved search that matched it.
    const whyText = why.kind === 'alert' ? `命中搜索订阅「${keyword}」` : `命中关键词「${keyword}」`;
    block = {
      text: [
        `· ${h.title}`,
        `  ${source} | ${when}`,
        `  ${whyText}：${decodeHtmlEntities(snippetHtml.replace(/<em>/g, '【').replace(/<\/em>/g, '】'))}`,
        `  ${url}`,
        '',
      ].join('\n'),
      html:
        `<div style="margin:0 0 16px">` +
        `<a href="${escapeHtml(url)}" style="font-size:15px;font-weight:600;color:#262626;text-decoration:none">${titleHtml}</a>` +
        `<div style="font-size:12px;color:#8c8c8c;margin:4px 0">${escapeHtml(source)} · ${when}</div>` +
        `<div style="font-size:13px;line-height:1.6;color:#595959">` +
        `<span style="color:#8c8c8c" data-why>${escapeHtml(whyText)}：</span>${snippetHtml
          .replace(/<em>/g, `<b style="color:${ORANGE}">`)
          .replace(/<\/em>/g, '</b>')}</div>` +
        `</div>`,
    };
    ofKeyword.set(h.id, block);
    return block;
  }

  private tokensOf(keyword: string): string[] {
    let tokens = this.tokens.get(keyword);
    if (!tokens) {
      tokens = highlightTokens(queryTerms(keyword));
      this.tokens.set(keyword, tokens);
    }
    return tokens;
  }
}
