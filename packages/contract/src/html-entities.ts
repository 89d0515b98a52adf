const NAMED: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Text with the character references sanitised HTML carries (&amp; &lt; &gt; &quot; &apos;
 * &nbsp; and numeric ones) decoded, in one pass, so "&amp;lt;" reads "&lt;" and not "<". Other
 * named references are left as they are. Server (feeds, headline text, digests) and web share it.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi,
    (whole, dec?: string, hex?: string, name?: string) => {
      if (name !== undefined) {
        return NAMED[name.toLowerCase()] ?? whole;
      }
      const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}
