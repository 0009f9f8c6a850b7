import fastifyMultipart from '@fastify/multipart';
import { AppError } from '@furrow/domain/errors';
import { imageWidths, MAX_IMAGE_BYTES } from '@furrow/domain/images';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { lazyRequire } from './lazy-require';

/** Formats accepted, as sharp names them after decoding; the file name and declared type count for nothing. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp']);

/**
 * 24 megapixels, 6,000 x 4,000: what a camera or a phone saves by default. Decoding costs memory by
 * pixels, not bytes (a 156 KB PNG can hold 49 megapixels, 150 MB once decoded), so this, not the
 * file size, is what bounds the work an upload can ask for.
 */
export const MAX_INPUT_PIXELS = 24_000_000;

/** Images decoded at once by this process; more wait their turn rather than add to the memory. */
export const DECODE_CONCURRENCY = 2;
/** Uploads waiting beyond that are refused: a queue that only grows holds every request with it. */
export const MAX_WAITING_DECODES = 16;

// libvips (14 MB) loads with the first image, not with the server. It keeps decoded images in a
// cache meant for reuse; uploads are never decoded twice.
const sharp = lazyRequire<typeof Sharp>('sharp', (library) => library.cache(false));

/** At most `size` works at once; up to `maxWaiting` more wait in line, and the rest are refused. */
export function createDecodeSlots(size: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= size) {
      if (waiting.length >= maxWaiting) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many photos are being processed. Please try again in a minute.',
        );
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const decodeSlot = createDecodeSlots(DECODE_CONCURRENCY, MAX_WAITING_DECODES);

export interface ProcessedImage {
  large: Buffer;
  thumbnail: Buffer;
}

/**
 * Decodes an uploaded image once and renders the two WebP sizes Furrow stores. Anything that does
 * not decode as JPEG, PNG or WebP is refused as INVALID_IMAGE, and more than MAX_INPUT_PIXELS as
 * IMAGE_TOO_LARGE, both from the header before any pixel is decoded. The photo is turned upright by
 * its EXIF orientation and its metadata (camera, GPS position) is dropped.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('IMAGE_TOO_LARGE');
  let header: Metadata;
  try {
    // Reads the header only.
    header = await sharp()(bytes).metadata();
  } catch {
    throw new AppError('INVALID_IMAGE');
  }
  if (!header.format || !acceptedFormats.has(header.format)) throw new AppError('INVALID_IMAGE');
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError(
      'IMAGE_TOO_LARGE',
      'Images may be at most 24 megapixels (6000 x 4000). Please send a smaller one.',
    );
  }
  return decodeSlot(async () => {
    try {
      // The one decode: straight to the large size, kept as raw pixels; both renditions are encoded
      // from those, so the original is never decoded a second time.
      const { data, info } = await sharp()(bytes, {
        limitInputPixels: MAX_INPUT_PIXELS,
        failOn: 'error',
        sequentialRead: true,
      })
        .rotate()
        .resize({
          width: imageWidths.large,
          height: imageWidths.large,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = () =>
        sharp()(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      const [large, thumbnail] = await Promise.all([
        pixels().webp({ quality: 82 }).toBuffer(),
        pixels()
          .resize({
            width: imageWidths.thumbnail,
            height: imageWidths.thumbnail,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 78 })
          .toBuffer(),
      ]);
      return { large, thumbnail };
    } catch {
      // Headers that decode but pixel data that does not: a truncated or corrupt file.
      throw new AppError('INVALID_IMAGE');
    }
  });
}

/**
 * Draws an SVG (an illustration, not an upload: SVG is never accepted from users) into a PNG, which
 * then goes through `processImage` like any photo.
 */
export async function rasterizeSvg(svg: string): Promise<Buffer> {
  return sharp()(Buffer.from(svg)).png().toBuffer();
}

/**
 * Multipart settings for the upload routes: one file of at most 5 MB and a few small fields.
 * Registered only in the route plugins that take uploads.
 */
export const imageUploadLimits = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  parts: 5,
  headerPairs: 200,
} as const;

/** Room for the multipart wrapping around the file: its part headers and the few small fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export async function registerImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: imageUploadLimits });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
    const declared = Number(request.headers['content-length']);
    // Refused from the headers, before a byte of the body is read; the connection is then closed
    // rather than drained, so the rest is never read either.
    if (declared > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES) {
      reply.header('connection', 'close');
      throw new AppError('IMAGE_TOO_LARGE');
    }
  });
  // A file found too large while it streamed in (no Content-Length, or one that lied): the answer
  // goes at once and the connection closes instead of reading the rest.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 413 && request.isMultipart()) reply.header('connection', 'close');
  });
}

/**
 * Reads the one image file of a multipart upload (any field name) into memory. The 5 MB limit is
 * checked while the bytes stream in, so a larger file is refused without being held whole; a file
 * the parser cut at the limit is refused too, never stored cut.
 * The multipart plugin's own errors become Furrow's answers here.
 */
export async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the image as multipart/form-data, in a field named "file"',
    );
  }
  try {
    const file = await request.file();
    if (!file) throw new AppError('IMAGE_MISSING');
    const bytes = await file.toBuffer();
    // The parser marks a file it stopped at the limit; its check inside toBuffer can miss the
    // last chunk, so it is asked again here.
    if (file.file.truncated || bytes.length > MAX_IMAGE_BYTES)
      throw new AppError('IMAGE_TOO_LARGE');
    if (bytes.length === 0) throw new AppError('IMAGE_MISSING');
    return bytes;
  } catch (error) {
    throw toUploadError(error);
  }
}

function toUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('IMAGE_TOO_LARGE');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('VALIDATION', 'Send one image per upload');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('VALIDATION', 'The upload was incomplete or malformed');
    default:
      // Busboy reports a malformed body (no boundary, broken headers) with a plain Error.
      if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) {
        return new AppError('VALIDATION', 'The upload was incomplete or malformed');
      }
      return error;
  }
}
