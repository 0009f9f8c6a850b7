import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDiskStorage } from './storage';

describe('localDiskStorage', () => {
  const root = mkdtempSync(join(tmpdir(), 'furrow-storage-'));
  const storage = localDiskStorage(root);

  it('puts, serves by URL and deletes, answering the bytes freed', async () => {
    await storage.put('farmers/abc/one-1200.webp', Buffer.from('hello'));
    expect(readFileSync(join(root, 'farmers/abc/one-1200.webp'), 'utf8')).toBe('hello');
    expect(storage.url('farmers/abc/one-1200.webp')).toBe('/uploads/farmers/abc/one-1200.webp');
    expect(storage.keyOf('/uploads/farmers/abc/one-1200.webp')).toBe('farmers/abc/one-1200.webp');
    expect(await storage.delete('farmers/abc/one-1200.webp')).toBe(5);
    expect(await storage.delete('farmers/abc/one-1200.webp')).toBe(0);
    expect(existsSync(join(root, 'farmers/abc/one-1200.webp'))).toBe(false);
  });

  it('removes a folder and everything in it, and a missing folder quietly', async () => {
    await storage.put('farmers/gone/a-1200.webp', Buffer.from('a'));
    await storage.put('farmers/kept/b-1200.webp', Buffer.from('b'));
    await storage.deleteFolder('farmers/gone');
    await storage.deleteFolder('farmers/gone');
    expect(existsSync(join(root, 'farmers/gone'))).toBe(false);
    expect(existsSync(join(root, 'farmers/kept/b-1200.webp'))).toBe(true);
    await expect(storage.deleteFolder('../farmers')).rejects.toThrow(/unsafe/);
    await expect(storage.deleteFolder('')).rejects.toThrow(/unsafe/);
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../escape.webp', '/etc/passwd', 'a/../../b.webp', 'a//b.webp', 'A.webp']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe/);
    }
    expect(storage.keyOf('/uploads/../secret.webp')).toBeNull();
    expect(storage.keyOf('https://elsewhere.test/uploads/a.webp')).toBeNull();
  });
});
