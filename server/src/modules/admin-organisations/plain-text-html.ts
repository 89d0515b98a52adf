/**
 * Product and related-content bodies are stored as HTML (the pages show seeded rich text), but
 * what an admin types is plain text: it is escaped and split into paragraphs, so nothing typed
 * ever becomes markup on a user's screen. The editor gets the text back from the stored HTML.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function plainTextToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${line.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of stored HTML: block ends become line breaks, tags go, the common entities are decoded. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<\/(p|li|h[1-6]|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
