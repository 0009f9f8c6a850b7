import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A small photo-like image of the given format, made in memory. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' = 'png',
  size = { width: 64, height: 48 },
): Promise<Buffer> {
  return sharp({
    create: { ...size, channels: 3, background: { r: 90, g: 140, b: 60 } },
  })
    .toFormat(format)
    .toBuffer();
}

/** A multipart/form-data body with one file, for `app.inject`. */
export function multipartFile(
  bytes: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----furrow${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'photo.png'}"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
