import type { TInboxKind } from '@portal/contract';

const ORIGINAL_LABEL: Record<TInboxKind, string> = {
  feedback: '您的反馈',
  enquiry: '您的咨询',
  claim: '您的机构认领申请',
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * An admin's reply as mail: the text as typed, then what the user wrote, quoted. Admin text is
 * plain text; the HTML part escapes it (a `<script>` arrives as text) and keeps its line breaks.
 */
export function replyMail(input: {
  kind: TInboxKind;
  subject: string;
  body: string;
  original: string;
  originalAt: string;
}): { subject: string; text: string; html: string } {
  const quoted =
    input.original === ''
      ? []
      : ['', '——', `${ORIGINAL_LABEL[input.kind]}（${input.originalAt}）：`, input.original];
  const text = [input.body, ...quoted].join('\n');
  const html = [
    `<div style="white-space:pre-wrap">${escapeHtml(input.body)}</div>`,
    ...(input.original === ''
      ? []
      : [
          `<blockquote style="margin:16px 0 0;padding-left:12px;border-left:3px solid #ddd;color:#666;white-space:pre-wrap">`,
          `${escapeHtml(`${ORIGINAL_LABEL[input.kind]}（${input.originalAt}）：`)}\n${escapeHtml(input.original)}</blockquote>`,
        ]),
  ].join('');
  return { subject: input.subject, text, html };
}
