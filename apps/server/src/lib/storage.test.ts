import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from './storage';

let dir: string;
let storage: Storage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dak-storage-'));
  storage = createLocalStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('local file storage', () => {
  it('puts, gets and deletes a file with its content type', async () => {
    await storage.put('nid/user-1/front.png', Buffer.from('png bytes'), 'image/png');
    const file = await storage.get('nid/user-1/front.png');
    expect(file?.bytes.toString()).toBe('png bytes');
    expect(file?.contentType).toBe('image/png');
    expect(file?.size).toBe(9);
    await storage.put('nid/user-1/front.png', Buffer.from('new'), 'image/jpeg');
    expect((await storage.get('nid/user-1/front.png'))?.contentType).toBe('image/jpeg');
    await storage.delete('nid/user-1/front.png');
    expect(await storage.get('nid/user-1/front.png')).toBeNull();
    await storage.delete('nid/user-1/front.png');
    // No temporary files are left behind.
    expect(await readdir(join(dir, 'nid', 'user-1'))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'A/b', 'a//b', '', 'a/.hidden']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
    }
  });
});
