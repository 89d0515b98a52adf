/**
 * Waits for GET /api/ready. `startPortal` returns once /api/health answers, which is before a
 * first start has seeded the demo library: a scenario driven then measures the seeding (PDF
 * generation and ingestion on the same cores) as much as the call.
 */
export async function waitReady(url: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await fetch(`${url}/api/ready`).catch(() => undefined);
    if (r?.ok) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`portal at ${url} not ready after ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
