/** Image rules shared by the server (which enforces them) and the web (which warns early). */

/** Per file, checked on the server while the upload streams in. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const MAX_PRODUCT_IMAGES = 8;

/** What the server accepts, decided by decoding the content; the web's file picker uses it too. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Every stored image has a large and a small rendition, both WebP. */
export const imageWidths = { large: 1200, thumbnail: 400 } as const;

/**
 * Answers carry the URL of the large rendition; the thumbnail sits beside it under a name that
 * differs only in its width, so that lists can load the small one without another field.
 */
export function thumbnailUrl(url: string): string {
  return url.replace(new RegExp(`-${imageWidths.large}\\.webp$`), `-${imageWidths.thumbnail}.webp`);
}
