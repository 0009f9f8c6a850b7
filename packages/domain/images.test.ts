import { describe, expect, it } from 'vitest';
import { thumbnailUrl } from './images';

describe('thumbnailUrl', () => {
  it('points at the 400 px rendition of a stored image', () => {
    expect(thumbnailUrl('/uploads/farmers/abc/img-1-1200.webp')).toBe(
      '/uploads/farmers/abc/img-1-400.webp',
    );
  });

  it('leaves any other URL alone', () => {
    expect(thumbnailUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(thumbnailUrl('/uploads/x-1200.webp.png')).toBe('/uploads/x-1200.webp.png');
  });
});
