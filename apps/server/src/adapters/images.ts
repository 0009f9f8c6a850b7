import fastifyMultipart from '@fastify/multipart';
import { AppError } from '@furrow/domain/errors';
import { imageWidths, MAX_IMAGE_BYTES } from '@furrow/domain/images';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';

/** Formats accepted, as sharp names them after decoding; the file name and declared type count for nothing. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp']);

/** About 7,000 x 7,000: more than any phone camera, little enough that a crafted image cannot exhaust memory. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedImage {
  large: Buffer;
  thumbnail: Buffer;
}

/**
 * Decodes an uploaded image and renders the two WebP sizes Furrow stores. Anything that does not
 * decode as JPEG, PNG or WebP is refused as INVALID_IMAGE; the photo is turned upright by its EXIF
 * orientation and its metadata (camera, GPS position) is dropped.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('IMAGE_TOO_LARGE');
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch {
    throw new AppError('INVALID_IMAGE');
  }
  if (!format || !acceptedFormats.has(format)) throw new AppError('INVALID_IMAGE');
  const render = (width: number, quality: number) =>
    input()
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
  try {
    const [large, thumbnail] = await Promise.all([
      render(imageWidths.large, 82),
      render(imageWidths.thumbnail, 78),
    ]);
    return { large, thumbnail };
  } catch {
    // Headers that decode but pixel data that does not: a truncated or corrupt file.
    throw new AppError('INVALID_IMAGE');
  }
}

/**
 * Draws an SVG (an illustration, not an upload: SVG is never accepted from users) into a PNG, which
 * then goes through `processImage` like any photo.
 */
export async function rasterizeSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
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

export async function registerImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: imageUploadLimits });
}

/**
 * Reads the one image file of a multipart upload (any field name) into memory. The 5 MB limit is
 * checked while the bytes stream in, so a larger file is refused without being held whole.
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
