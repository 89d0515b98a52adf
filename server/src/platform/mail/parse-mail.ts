/**
 * A small RFC 5322 / MIME reader for the messages this portal itself sends (tests, the outbox
 * reader, the SMTP sink): unfolds and decodes headers (RFC 2047 words), walks multipart bodies
 * and decodes base64 / quoted-printable text parts. Not a general mail parser (no attachments,
 * no message/rfc822 nesting): mailparser is not a dependency.
 */
export type ParsedMail = {
  /** Header values by lower-case name, unfolded and decoded, in message order. */
  headers: Map<string, string[]>;
  subject: string;
  from: string;
  to: string;
  messageId: string;
  /** The text/plain part ('' when none). */
  text: string;
  /** The text/html part ('' when none). */
  html: string;
};

type Part = { headers: Map<string, string[]>; body: string };

export function parseMail(raw: Buffer | string): ParsedMail {
  // latin1 keeps every byte as one char, so base64/QP decoding sees the original bytes.
  const top = splitPart(
    typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1'),
  );
  const leaves: Part[] = [];
  collectLeaves(top, leaves);
  const first = (name: string) => top.headers.get(name)?.[0] ?? '';
  const textOf = (type: string) => {
    const part = leaves.find((p) => contentType(p).value === type);
    return part ? decodeBody(part) : '';
  };
  return {
    headers: top.headers,
    subject: first('subject'),
    from: first('from'),
    to: first('to'),
    messageId: first('message-id'),
    text: textOf('text/plain'),
    html: textOf('text/html'),
  };
}

function splitPart(source: string): Part {
  const match = /\r?\n\r?\n/.exec(source);
  const head = match ? source.slice(0, match.index) : source;
  const body = match ? source.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) {
      continue;
    }
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(line.slice(colon + 1).trim());
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return { headers, body };
}

function contentType(part: Part): { value: string; params: Map<string, string> } {
  const raw = part.headers.get('content-type')?.[0] ?? 'text/plain';
  const [value = '', ...rest] = raw.split(';');
  const params = new Map<string, string>();
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq < 0) {
      continue;
    }
    params.set(
      piece.slice(0, eq).trim().toLowerCase(),
      piece
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { value: value.trim().toLowerCase(), params };
}

function collectLeaves(part: Part, out: Part[]): void {
  const type = contentType(part);
  const boundary = type.params.get('boundary');
  if (!type.value.startsWith('multipart/') || !boundary) {
    out.push(part);
    return;
  }
  const delimiter = `--${boundary}`;
  const sections = part.body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}`));
  // sections[0] is the preamble; the part after the closing delimiter starts with "--".
  for (const section of sections.slice(1)) {
    if (section.startsWith('--')) {
      break;
    }
    collectLeaves(splitPart(section.replace(/^[ \t]*\r?\n/, '')), out);
  }
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase();
  const charset = contentType(part).params.get('charset') ?? 'utf-8';
  let bytes: Buffer;
  if (encoding === 'base64') {
    bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  } else if (encoding === 'quoted-printable') {
    bytes = decodeQuotedPrintable(part.body);
  } else {
    bytes = Buffer.from(part.body, 'latin1');
  }
  return new TextDecoder(charset).decode(bytes).replace(/\r\n/g, '\n').replace(/\n$/, '');
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i];
    const hex = joined.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`); whitespace between two words is dropped. */
function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  const decoded = value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(word, (_m, charset: string, kind: string, data: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : decodeQuotedPrintable(data.replace(/_/g, ' '));
      return new TextDecoder(charset).decode(bytes);
    });
  // Unencoded header text is UTF-8 read as latin1 (SMTPUTF8 / 8-bit headers): restore it.
  return /[\u0080-\u00ff]/.test(decoded) ? Buffer.from(decoded, 'latin1').toString('utf8') : decoded;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
