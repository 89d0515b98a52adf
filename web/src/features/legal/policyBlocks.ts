export type TPolicyBlock = { kind: 'heading' | 'paragraph'; text: string };

/** Plain policy text → blocks: a line starting `# ` is a heading, other non-empty lines paragraphs. */
export function policyBlocks(text: string): TPolicyBlock[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) =>
      line.startsWith('# ')
        ? { kind: 'heading', text: line.slice(2).trim() }
        : { kind: 'paragraph', text: line },
    );
}
