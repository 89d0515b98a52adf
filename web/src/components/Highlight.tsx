import { parseHighlight } from './parseHighlight.ts';

/**
 * Text with matched search terms in `<em>`: `html` is the server's highlight (escaped HTML
 * with only `<em>` tags); without it, `text` is shown as is.
 */
export function Highlight({ html, text }: { html?: string | undefined; text: string }) {
  if (!html) {
    return <>{text}</>;
  }
  return (
    <>
      {parseHighlight(html).map((part, index) =>
        part.em ? <em key={index}>{part.text}</em> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
