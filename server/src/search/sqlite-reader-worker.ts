import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteSearchReader } from './sqlite-search-reader.ts';
import type { ReaderRequest, ReaderResponse, ReaderWorkerData } from './sqlite-reader-pool.ts';

/**
 * One search reader thread: its own read-only connection (WAL lets it read while the main
 * connection writes), so a ranking query never holds the server's event loop.
 */
const { file, product, cacheEntries } = workerData as ReaderWorkerData;
const db = new Database(file, { readonly: true, fileMustExist: true });
// Reads only: a larger page cache and memory-mapped I/O keep hot index pages close.
db.pragma('cache_size = -65536');
db.pragma('mmap_size = 1073741824');
const reader = new SqliteSearchReader(db, product, cacheEntries);

parentPort?.on('message', async (request: ReaderRequest) => {
  let response: ReaderResponse;
  try {
    response = { id: request.id, result: await reader.run(request.plan) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
