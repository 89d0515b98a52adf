import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy to the test PostgreSQL server standing in for a read replica (DATABASE_READ_URL)
 * that a test can cut: what came through it tells which side answered. `ports` are its outgoing
 * local ports (what the server sees as the client's).
 */
export function proxyTo(host: string, port: number) {
  const sockets = new Set<Socket>();
  const ports = new Set<number>();
  /** Bytes the server sent back through the proxy: grows only when the "standby" answers. */
  let bytes = 0;
  let server: Server | undefined;
  let listenPort = 0;
  return {
    ports,
    get bytes() {
      return bytes;
    },
    get port() {
      return listenPort;
    },
    async start(): Promise<void> {
      server = createServer((client) => {
        const upstream = connect(port, host);
        upstream.on('connect', () => ports.add(upstream.localPort ?? 0));
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        upstream.on('data', (chunk: Buffer) => (bytes += chunk.length));
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((resolve) => server?.listen(listenPort, '127.0.0.1', resolve));
      const address = server.address();
      listenPort = typeof address === 'object' && address ? address.port : 0;
    },
    /** The standby goes away: no new connections, and every open one is cut. */
    async stop(): Promise<void> {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      for (const s of sockets) {
        s.destroy();
      }
      await closed;
    },
  };
}
