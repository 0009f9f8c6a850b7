import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from './test-app';

type FileOptions = { field?: string; filename?: string; contentType?: string };

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
  options: FileOptions = {},
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

/** One file sent to `url` as a browser's upload would send it. */
export function injectFile(
  t: TestApp,
  request: { method?: 'POST' | 'PATCH' | 'DELETE'; url: string; headers: Record<string, string> },
  bytes: Buffer,
  options?: FileOptions,
) {
  const file = multipartFile(bytes, options);
  return t.app.inject({
    method: request.method ?? 'POST',
    url: request.url,
    headers: { ...request.headers, ...file.headers },
    payload: file.payload,
  });
}
