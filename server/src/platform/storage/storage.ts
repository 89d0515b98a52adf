import type { Readable } from 'node:stream';

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` request. */
export type ByteRange = { start: number; end: number };

/** What `Storage.stream` hands a route to serve: the body and the headers it needs. */
export type StoredObjectStream = {
  body: Readable;
  /** Size of the whole object, not of the range. */
  size: number;
  contentType: string;
  /** The range actually served, when one was asked for. */
  range?: ByteRange;
};

/**
 * Where the portal keeps files (report PDFs, covers, page images, uploads). Keys are relative
 * paths such as `reports/42/u7/cover.png` (see `storage-key.ts`); every key names a whole
 * object, and a prefix is a folder: `deletePrefix('reports/42')` removes `reports/42/…` but not
 * `reports/420/…`. The local directory adapter is the default; an S3-compatible adapter
 * implements the same type (see README.md in this folder).
 */
export type Storage = {
  /** Writes the whole object; a reader sees the old object or the new one, never a part. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** A stream for serving (optionally one byte range), or null when there is no object. */
  stream(key: string, range?: ByteRange): Promise<StoredObjectStream | null>;
  exists(key: string): Promise<boolean>;
  /** Removes one object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under the folder `prefix`; returns how many were removed. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every key under the folder `prefix`, sorted. For cleanup, tests and the back-office. */
  list(prefix: string): Promise<string[]>;
};
