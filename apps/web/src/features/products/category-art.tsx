import type { CategorySlug } from '@furrow/domain/categories';
import { pictureForProductName } from '@furrow/domain/product-pictures';
import { type ReactNode, useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

/** An egg outline centred on (x, y), narrower at the top like the real thing. */
function eggPath(x: number, y: number): string {
  return `M${x} ${y - 22}C${x + 13} ${y - 22} ${x + 18} ${y} ${x + 18} ${y + 8}C${x + 18} ${y + 19} ${x + 10} ${y + 24} ${x} ${y + 24}C${x - 10} ${y + 24} ${x - 18} ${y + 19} ${x - 18} ${y + 8}C${x - 18} ${y} ${x - 13} ${y - 22} ${x} ${y - 22}Z`;
}

/** Petals of a five-petal flower around (80, 46). */
const petalAngles = [0, 72, 144, 216, 288];

/**
 * One flat drawing per category, shown when a product has no photo (the demo ships none).
 * Each drawing sits on its own soft background in a 4:3 frame, like a photo would.
 */
const artwork: Record<CategorySlug, { background: string; drawing: ReactNode }> = {
  vegetables: {
    background: '#e6f0e0',
    drawing: (
      <>
        <path d="M80 46c-6-10-16-14-22-12 4 8 12 13 22 12Z" fill="#5f9b55" />
        <path d="M80 46c6-10 16-14 22-12-4 8-12 13-22 12Z" fill="#4a8546" />
        <path d="M80 48c-2-12 0-20 4-26 3 8 2 18-4 26Z" fill="#3f7a45" />
        <path d="M80 106C73 90 63 64 65 52c6-6 24-6 30 0 2 12-8 38-15 54Z" fill="#e07a2e" />
        <path
          d="M70 62h8M73 74h8M76 86h6M84 68h6"
          stroke="#b9591a"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </>
    ),
  },
  fruit: {
    background: '#fbe8e0',
    drawing: (
      <>
        <path d="M80 50c0-8 2-14 6-18" stroke="#6b4a2b" strokeWidth="4" strokeLinecap="round" />
        <path d="M85 40c8-10 19-9 22-5-6 8-15 9-22 5Z" fill="#4f8a4b" />
        <path
          d="M80 52c-10-8-28-6-30 14-2 20 12 38 24 36 3 0 4-2 6-2s3 2 6 2c12 2 26-16 24-36-2-20-20-22-30-14Z"
          fill="#c8442f"
        />
        <ellipse cx="64" cy="66" rx="5" ry="9" fill="#ffffff" opacity="0.3" />
      </>
    ),
  },
  herbs: {
    background: '#e4efe1',
    drawing: (
      <>
        <path d="M78 108c0-26 2-50 8-78" stroke="#3f7a45" strokeWidth="3" strokeLinecap="round" />
        {[
          { x: 68, y: 92, angle: -30, fill: '#5f9b55' },
          { x: 91, y: 84, angle: 30, fill: '#4a8546' },
          { x: 70, y: 70, angle: -35, fill: '#4a8546' },
          { x: 93, y: 62, angle: 35, fill: '#5f9b55' },
          { x: 74, y: 48, angle: -40, fill: '#5f9b55' },
          { x: 95, y: 40, angle: 40, fill: '#4a8546' },
        ].map((leaf) => (
          <ellipse
            key={`${leaf.x}-${leaf.y}`}
            cx={leaf.x}
            cy={leaf.y}
            rx="13"
            ry="6"
            fill={leaf.fill}
            transform={`rotate(${leaf.angle} ${leaf.x} ${leaf.y})`}
          />
        ))}
      </>
    ),
  },
  'eggs-dairy': {
    background: '#fdf3dc',
    drawing: (
      <>
        <path d={eggPath(66, 66)} fill="#d9a679" />
        <path d={eggPath(94, 64)} fill="#f7efe0" stroke="#e3d3b8" strokeWidth="1.5" />
        <path d="M40 84h80c-2 14-18 24-40 24S42 98 40 84Z" fill="#b7875a" />
        <path d="M46 92h68" stroke="#9c6f45" strokeWidth="2" strokeLinecap="round" />
      </>
    ),
  },
  'meat-poultry': {
    background: '#f8e4dc',
    drawing: (
      <>
        <path d="M70 76 52 96" stroke="#e9d6b4" strokeWidth="9" strokeLinecap="round" />
        <circle cx="47" cy="94" r="6" fill="#e9d6b4" />
        <circle cx="54" cy="101" r="6" fill="#e9d6b4" />
        <ellipse cx="88" cy="58" rx="28" ry="21" fill="#b5653a" transform="rotate(-35 88 58)" />
        <ellipse
          cx="80"
          cy="52"
          rx="10"
          ry="5"
          fill="#ffffff"
          opacity="0.25"
          transform="rotate(-35 80 52)"
        />
      </>
    ),
  },
  bakery: {
    background: '#f6ead6',
    drawing: (
      <>
        <path d="M42 90c-2-26 16-42 38-42s40 16 38 42Z" fill="#c98a4b" />
        <rect x="42" y="84" width="76" height="16" rx="6" fill="#a8682f" />
        <path
          d="M60 70c4-6 9-9 14-10M76 68c4-6 9-9 14-10M92 72c3-5 7-8 11-9"
          stroke="#ecc48f"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </>
    ),
  },
  'honey-preserves': {
    background: '#fdf0d2',
    drawing: (
      <>
        <rect x="54" y="46" width="52" height="60" rx="12" fill="#e8a33a" />
        <rect x="58" y="34" width="44" height="14" rx="4" fill="#8a5a2b" />
        <rect x="62" y="68" width="36" height="22" rx="4" fill="#fdf6e6" />
        <path d="M80 73l6 3.5v7L80 87l-6-3.5v-7Z" fill="#e8a33a" />
        <rect x="59" y="52" width="5" height="44" rx="2.5" fill="#ffffff" opacity="0.3" />
      </>
    ),
  },
  pantry: {
    background: '#f1eadb',
    drawing: (
      <>
        <path d="M56 106c-6-22-2-42 8-52l-4-10h40l-4 10c10 10 14 30 8 52Z" fill="#d8b98a" />
        <path d="M62 52h36" stroke="#8a6a3c" strokeWidth="4" strokeLinecap="round" />
        <path d="M80 64v28" stroke="#b8945f" strokeWidth="2.5" strokeLinecap="round" />
        {[70, 78, 86].map((y) => (
          <g key={y}>
            <ellipse
              cx="75"
              cy={y}
              rx="3"
              ry="5"
              fill="#b8945f"
              transform={`rotate(-30 75 ${y})`}
            />
            <ellipse cx="85" cy={y} rx="3" ry="5" fill="#b8945f" transform={`rotate(30 85 ${y})`} />
          </g>
        ))}
      </>
    ),
  },
  'flowers-plants': {
    background: '#f7e6ea',
    drawing: (
      <>
        <path d="M80 86V52" stroke="#3f7a45" strokeWidth="3.5" strokeLinecap="round" />
        <path d="M80 74c-10-2-16-8-16-14 8 0 14 6 16 14Z" fill="#5f9b55" />
        {petalAngles.map((angle) => (
          <ellipse
            key={angle}
            cx="80"
            cy="34"
            rx="7"
            ry="12"
            fill="#d9657f"
            transform={`rotate(${angle} 80 46)`}
          />
        ))}
        <circle cx="80" cy="46" r="6" fill="#f2c14e" />
        <path d="M62 86h36l-4 22H66Z" fill="#c0643a" />
        <rect x="58" y="82" width="44" height="8" rx="3" fill="#a8552f" />
      </>
    ),
  },
};

interface CategoryArtProps {
  slug: CategorySlug;
  /** The product's name: when it says what the product is, that drawing replaces the category's. */
  name?: string;
  className?: string;
}

/**
 * Whether the picture at `href` has arrived (or failed), asked of an image of its own: an SVG
 * `<image>` has no `complete`, and its load event, when the picture is in the cache, can come before
 * React has mounted it, and be lost (React fires such an event again for `<img>` only).
 */
function usePictureArrived(href: string | null): boolean {
  const [arrived, setArrived] = useState<string | null>(null);
  useEffect(() => {
    if (!href) return;
    const probe = new Image();
    const done = () => setArrived(href);
    probe.addEventListener('load', done);
    probe.addEventListener('error', done);
    probe.src = href;
    if (probe.complete) done();
    return () => {
      probe.removeEventListener('load', done);
      probe.removeEventListener('error', done);
    };
  }, [href]);
  return href === null || arrived === href;
}

/**
 * A decorative drawing of a product without a photo: of what its name says it is where it tells
 * ("garlic" is a bulb of garlic), else of its category. The name is shown beside it, so it is hidden.
 * `data-drawing` says whether a picture it fetches has arrived, for whoever must wait for the screen
 * to be complete, such as a screenshot.
 */
export function CategoryArt({ slug, name, className }: CategoryArtProps) {
  const { background, drawing } = artwork[slug];
  const picture = name ? pictureForProductName(name, slug) : null;
  const href = picture ? `/product-pictures/${picture}.svg` : null;
  const drawn = usePictureArrived(href);
  return (
    <svg
      viewBox="0 0 160 120"
      aria-hidden
      focusable="false"
      className={cn('block', className)}
      preserveAspectRatio="xMidYMid slice"
      data-drawing={drawn ? 'drawn' : 'loading'}
    >
      <rect width="160" height="120" fill={background} />
      <circle cx="80" cy="66" r="46" fill="#ffffff" opacity="0.45" />
      {href ? <image href={href} x="48" y="28" width="64" height="64" /> : drawing}
    </svg>
  );
}
