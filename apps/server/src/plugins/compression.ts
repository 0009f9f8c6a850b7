import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip for every compressible answer over 1 KB, as the client's Accept-Encoding allows
 * (with `Vary: Accept-Encoding`). Answers made per request are compressed at brotli quality 4:
 * close to gzip's cost for a fifth fewer bytes, where quality 11 would cost more CPU than a product
 * list is worth. The web app's files are compressed once, at build time, at the highest quality,
 * and sent as they are (an answer that already has a Content-Encoding is left alone).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
