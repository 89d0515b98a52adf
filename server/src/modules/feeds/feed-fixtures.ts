/** Feed documents for tests, one builder per format. */
export type FixtureItem = {
  guid?: string;
  title: string;
  link?: string;
  html?: string;
  summary?: string;
  date?: string;
};

const x = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function rss(items: FixtureItem[], encoding = 'UTF-8'): string {
  return `<?xml version="1.0" encoding="${encoding}"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>测试源</title><link>http://127.0.0.1/</link>
${items
  .map(
    (i) =>
      `<item><title>${x(i.title)}</title>${i.link !== undefined ? `<link>${x(i.link)}</link>` : ''}${
        i.guid !== undefined ? `<guid isPermaLink="false">${x(i.guid)}</guid>` : ''
      }${i.summary !== undefined ? `<description>${x(i.summary)}</description>` : ''}${
        i.html !== undefined ? `<content:encoded><![CDATA[${i.html}]]></content:encoded>` : ''
      }${i.date !== undefined ? `<pubDate>${i.date}</pubDate>` : ''}</item>`,
  )
  .join('\n')}
</channel></rss>`;
}

export function atom(items: FixtureItem[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom 源</title><id>urn:feed</id><updated>2026-11-21T00:00:00Z</updated>
${items
  .map(
    (i) =>
      `<entry><id>${x(i.guid ?? '')}</id><title>${x(i.title)}</title>${i.link ? `<link rel="alternate" href="${x(i.link)}"/>` : ''}${
        i.summary !== undefined ? `<summary>${x(i.summary)}</summary>` : ''
      }${i.html !== undefined ? `<content type="html">${x(i.html)}</content>` : ''}<updated>${i.date ?? '2026-11-21T00:00:00Z'}</updated></entry>`,
  )
  .join('\n')}
</feed>`;
}

export function rdf(items: FixtureItem[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="http://127.0.0.1/"><title>RDF 源</title><link>http://127.0.0.1/</link><description>d</description></channel>
${items
  .map(
    (i) =>
      `<item rdf:about="${x(i.link ?? '')}"><title>${x(i.title)}</title><link>${x(i.link ?? '')}</link><description>${x(
        i.html ?? i.summary ?? '',
      )}</description>${i.date ? `<dc:date>${i.date}</dc:date>` : ''}</item>`,
  )
  .join('\n')}
</rdf:RDF>`;
}

export function jsonFeed(items: FixtureItem[]): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: 'JSON 源',
    items: items.map((i) => ({
      id: i.guid,
      url: i.link,
      title: i.title,
      content_html: i.html,
      summary: i.summary,
      date_published: i.date,
    })),
  });
}
