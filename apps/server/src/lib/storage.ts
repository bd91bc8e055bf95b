import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * One interface for stored files (NID images, proof-of-delivery photos, exports, call
 * recordings). Keys are relative paths of lower-case letters, digits, `-`, `_`, `.` and `/`,
 * chosen by the server, never by a client. The local disk implementation below is the default;
 * an S3-compatible one (MinIO, Cloudflare R2, AWS S3) implements the same three calls with
 * PutObject (ContentType set from `contentType`), GetObject and DeleteObject on one bucket, and is
 * chosen in app.ts from configuration. Nothing outside this file knows where bytes live.
 */
export type StoredFile = { bytes: Buffer; contentType: string; size: number };

export type Storage = {
  /** Writes the whole file under `key`, replacing any file there; it is visible only once complete. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
};

const keyPattern = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key) || key.includes('..') || key.length > 512) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  }
}

/**
 * Files under `root` on the local disk, each with a `.meta.json` beside it that keeps its content
 * type (what object storage keeps as object metadata). Writes go to a temporary name first and
 * are renamed into place, so a reader never sees half a file.
 */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path;
  };
  const metaOf = (path: string) => `${path}.meta.json`;

  async function writeAtomically(path: string, data: Uint8Array | string) {
    const temp = join(dirname(path), `.tmp-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeAtomically(metaOf(path), JSON.stringify({ contentType, size: bytes.length }));
      await writeAtomically(path, bytes);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [bytes, meta] = await Promise.all([readFile(path), readFile(metaOf(path), 'utf8')]);
        const { contentType } = JSON.parse(meta) as { contentType?: unknown };
        return {
          bytes,
          contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
          size: bytes.length,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(metaOf(path), { force: true });
    },
  };
}
