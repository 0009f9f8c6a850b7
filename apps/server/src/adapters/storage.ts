import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '@furrow/domain/errors';
import type { FastifyInstance } from 'fastify';

/**
 * Where uploaded files live. Local disk today; an S3-compatible store can implement the same four
 * calls. Keys are relative paths made of safe characters only (`farmers/<id>/<name>.webp`), so that
 * no key can reach outside the storage root.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Removes a file and answers how many bytes that freed (0 when it was already gone). */
  delete(key: string): Promise<number>;
  /** Removes every file under a folder (`farmers/<id>`); nothing to remove is not an error. */
  deleteFolder(folder: string): Promise<void>;
  /** The public URL of a key, as answers carry it. */
  url(key: string): string;
  /** The key behind a URL this storage gave out, or null for any other URL. */
  keyOf(url: string): string | null;
}

/** The URL prefix under which stored files are served (see `uploadsRoutes`). */
export const UPLOADS_PREFIX = '/uploads/';

const safeKey = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.[a-z0-9]+$/;
const safeFolder = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/;

function checkKey(key: string): string {
  if (!safeKey.test(key)) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

export function localDiskStorage(root: string): Storage {
  return {
    async put(key, bytes) {
      const path = join(root, checkKey(key));
      await mkdir(dirname(path), { recursive: true });
      // Written beside and renamed, so that a reader never sees half a file.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path);
      } catch (error) {
        // A write cut short (a full disk) leaves the part it wrote: nothing may stay behind.
        await rm(temporary, { force: true });
        throw diskFullAsAnswer(error);
      }
    },
    async delete(key) {
      const path = join(root, checkKey(key));
      try {
        const { size } = await stat(path);
        await rm(path);
        return size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
    },
    async deleteFolder(folder) {
      if (!safeFolder.test(folder)) throw new Error(`unsafe storage folder: ${folder}`);
      await rm(join(root, folder), { recursive: true, force: true });
    },
    url(key) {
      return `${UPLOADS_PREFIX}${checkKey(key)}`;
    },
    keyOf(url) {
      if (!url.startsWith(UPLOADS_PREFIX)) return null;
      const key = url.slice(UPLOADS_PREFIX.length);
      return safeKey.test(key) ? key : null;
    },
  };
}

// A full disk (or a used-up quota) is the server's condition, not the farmer's mistake: it answers
// 507 with words the farmer can act on, and is logged as any 5xx is.
const fullDiskCodes = new Set(['ENOSPC', 'EDQUOT']);

function diskFullAsAnswer(error: unknown): unknown {
  if (!fullDiskCodes.has((error as NodeJS.ErrnoException).code ?? '')) return error;
  return Object.assign(new AppError('STORAGE_FULL'), { cause: error });
}

/**
 * Serves the files of a local disk storage at `/uploads/...`. Every stored name is new (a random id),
 * so a file never changes under its URL and may be cached for a year.
 */
export async function serveLocalUploads(app: FastifyInstance, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
