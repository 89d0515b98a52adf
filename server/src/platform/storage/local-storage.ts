import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { contentTypeForKey } from './content-type.ts';
import type { ByteRange, Storage, StoredObjectStream } from './storage.ts';
import { parseStorageKey } from './storage-key.ts';

/** Thrown by `stream` when the asked range lies outside the object; routes answer 416. */
export class StorageRangeError extends Error {
  constructor(readonly size: number) {
    super(`range not satisfiable for an object of ${size} bytes`);
    this.name = 'StorageRangeError';
  }
}

/** The default adapter: files under `<DATA_DIR>/files`, one file per key. */
export function storageInDataDir(dataDir: string): LocalStorage {
  return new LocalStorage(join(dataDir, 'files'));
}

/**
 * Keys map to paths under `rootDir`. Writes go to `rootDir/.tmp/<uuid>` and are renamed into
 * place, so a reader sees the old file or the new one, never half of one (rename is atomic
 * within one file system, and `.tmp` is inside the root so it is the same one). `.tmp` cannot
 * collide with a key: key segments never start with a dot.
 */
export class LocalStorage implements Storage {
  readonly rootDir: string;
  private readonly tmpDir: string;

  constructor(rootDir: string) {
    this.rootDir = resolve(rootDir);
    this.tmpDir = join(this.rootDir, '.tmp');
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    // This adapter keeps no metadata beside the bytes and serves the type the extension
    // names; refusing a mismatch keeps it behaving like an adapter that stores the type.
    const served = contentTypeForKey(key);
    if (baseType(served) !== baseType(contentType)) {
      throw new Error(`content type ${contentType} does not match the extension of ${key} (${served})`);
    }
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(dirname(path), { recursive: true });
    const tmp = join(this.tmpDir, randomUUID());
    try {
      const handle = await open(tmp, 'wx');
      try {
        await handle.writeFile(bytes);
        // Without a sync a crash after the rename can leave an empty file under the key.
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, path);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) {
        return null;
      }
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<StoredObjectStream | null> {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) {
        return null;
      }
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const size = info.size;
      const contentType = contentTypeForKey(key);
      if (!range) {
        return { body: handle.createReadStream(), size, contentType };
      }
      const end = Math.min(range.end, size - 1);
      if (!Number.isInteger(range.start) || range.start < 0 || range.start > end) {
        throw new StorageRangeError(size);
      }
      const served = { start: range.start, end };
      return { body: handle.createReadStream(served), size, contentType, range: served };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) {
        return false;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (error) {
      if (isMissing(error)) {
        return;
      }
      throw error;
    }
    await this.pruneEmptyParents(path);
  }

  async deletePrefix(prefix: string): Promise<number> {
    const path = this.pathOf(prefix);
    const count = (await this.list(prefix)).length;
    await rm(path, { recursive: true, force: true });
    await this.pruneEmptyParents(path);
    return count;
  }

  async list(prefix: string): Promise<string[]> {
    const path = this.pathOf(prefix);
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      if (isMissing(error)) {
        return [];
      }
      throw error;
    }
    if (info.isFile()) {
      return [prefix];
    }
    const entries = await readdir(path, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(this.rootDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
  }

  private pathOf(key: string): string {
    return join(this.rootDir, ...parseStorageKey(key));
  }

  /** Empty folders left by deletes would pile up forever (one per report); remove them. */
  private async pruneEmptyParents(path: string): Promise<void> {
    for (
      let dir = dirname(path);
      dir !== this.rootDir && dir.startsWith(this.rootDir + sep);
      dir = dirname(dir)
    ) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone): the folders above are not empty either
      }
    }
  }
}

function baseType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
