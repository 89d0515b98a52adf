/** `npm run outbox -- [address] [--count N]`, read: which address (if any) and how many messages. */
export function parseOutboxArgs(argv: readonly string[]): { address: string | undefined; count: number } {
  const args = argv.filter((a) => a !== '--');
  const countAt = args.indexOf('--count');
  const count = countAt >= 0 ? Number(args[countAt + 1]) || 1 : 1;
  // Any word that is neither a flag nor the value of --count (with no --count, every word may be).
  const address = args.find((a, i) => !a.startsWith('--') && (countAt < 0 || i !== countAt + 1));
  return { address, count };
}
