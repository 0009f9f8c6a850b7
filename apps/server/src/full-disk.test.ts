import { execFileSync } from 'node:child_process';
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { errors } from '@furrow/domain/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmers } from './modules/farmers/farmers.schema';
import { createTestFarm, createTestProduct } from './testing/farms';
import { useTestApp } from './testing/test-app';
import { injectFile, makeImage } from './testing/uploads';
import { useTestCast } from './testing/users';

// A full disk during an upload: the uploads folder is a 1 MB file system of its own (tmpfs), filled
// by the test. Mounting needs root; elsewhere the suite skips with one line saying why.

const dataDir = mkdtempSync('/tmp/furrow-full-disk-');
const uploadsDir = join(dataDir, 'uploads');
const skipReason = mountTinyDisk(uploadsDir);
if (skipReason) console.log(`full-disk.test.ts skipped: ${skipReason}`);

function mountTinyDisk(dir: string): string | null {
  if (process.getuid?.() !== 0) return 'mounting a small file system needs root';
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `mount -t tmpfs failed (${String((error as Error).message).split('\n')[0]})`;
  }
}

const t = useTestApp({ DATA_DIR: dataDir });
const cast = useTestCast(t);
const fillerPath = join(uploadsDir, 'filler');
let productId: string;

beforeAll(async () => {
  const farm = await createTestFarm(t, cast.owner, {
    name: 'Full Disk Acres',
    location: { lat: 30.27, lng: -97.74 },
  });
  productId = await createTestProduct(t, cast.owner, farm, {
    name: 'Snap peas',
    price: 3.5,
    unit: 'lb',
    categorySlug: 'vegetables',
    stock: 10,
  });
});

afterAll(() => {
  if (!skipReason) execFileSync('umount', [uploadsDir]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Writes 4 KB pages into one file until the file system has no room left; answers its size. */
function fillDisk(): number {
  const fd = openSync(fillerPath, 'w');
  const page = Buffer.alloc(4096, 1);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, page);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

/** Every file under the uploads folder but the filler, as paths relative to it. */
function storedFiles(): string[] {
  return readdirSync(uploadsDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name !== 'filler' && statSync(join(uploadsDir, name)).isFile())
    .sort();
}

async function storageUsed(): Promise<number> {
  const [row] = await t.database.db.select().from(farmers).where(eq(farmers.id, cast.owner.id));
  return row?.storageUsedBytes ?? -1;
}

async function productImages(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
  return res.json().product.images;
}

function upload(bytes: Buffer) {
  return injectFile(
    t,
    { url: `/api/products/${productId}/images`, headers: cast.owner.headers },
    bytes,
  );
}

describe.skipIf(skipReason)('a full disk during an upload', () => {
  it('answers 507 with a message the farmer understands and leaves no file behind', async () => {
    const photo = await makeImage();
    const filled = fillDisk();
    const usedBefore = await storageUsed();

    const res = await upload(photo);
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ code: 'STORAGE_FULL', message: errors.STORAGE_FULL.message });
    expect(storedFiles()).toEqual([]);
    expect(await productImages()).toEqual([]);
    expect(await storageUsed()).toBe(usedBefore);

    // Room for the large image but not its thumbnail: the large one must go again.
    const fd = openSync(fillerPath, 'r+');
    ftruncateSync(fd, filled - 4096);
    closeSync(fd);
    const half = await upload(photo);
    expect(half.statusCode).toBe(507);
    expect(storedFiles()).toEqual([]);
    expect(await productImages()).toEqual([]);
    console.log(
      `full disk: ${filled} bytes filled; two uploads refused with 507 (no room; room for one of its two files), 0 files left`,
    );
  });

  it('takes the upload again once there is room', async () => {
    rmSync(fillerPath);
    const res = await upload(await makeImage());
    expect(res.statusCode).toBe(200);
    const images: string[] = res.json().product.images;
    expect(images).toHaveLength(1);
    const files = storedFiles();
    expect(files).toHaveLength(2);
    expect(files.some((name) => name.endsWith('.part'))).toBe(false);
  });
});
