import { TextDecoder } from 'node:util';

/**
 * Turns feed bytes into text in the feed's own encoding. Chinese feeds are often GBK / GB18030
 * and say so in the Content-Type, the XML declaration or (UTF-16/UTF-8) a byte-order mark.
 * Order, as browsers do: a BOM wins, then the header's charset, then the XML declaration, then
 * UTF-8. Node's TextDecoder has full ICU, so gb18030, gbk, gb2312 and big5 all decode.
 */
export function decodeFeed(body: Buffer, contentType: string): string {
  const label = bomCharset(body) ?? headerCharset(contentType) ?? declaredCharset(body) ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder('utf-8'); // an unknown label: read as UTF-8, the web's default
  }
  return decoder.decode(body); // TextDecoder strips the BOM itself
}

function bomCharset(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    return 'utf-8';
  }
  if (body[0] === 0xff && body[1] === 0xfe) {
    return 'utf-16le';
  }
  if (body[0] === 0xfe && body[1] === 0xff) {
    return 'utf-16be';
  }
  return null;
}

function headerCharset(contentType: string): string | null {
  const match = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType);
  return match?.[1]?.toLowerCase() ?? null;
}

/** `<?xml version="1.0" encoding="GB18030"?>` in the first bytes (ASCII-compatible encodings). */
function declaredCharset(body: Buffer): string | null {
  const head = body.subarray(0, 200).toString('latin1');
  const match = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  return match?.[1]?.toLowerCase() ?? null;
}
