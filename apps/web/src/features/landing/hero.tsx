import { type ReactNode, useId } from 'react';

/** The landing page's welcome, with room below the text for the location picker. */
export function Hero({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="relative overflow-hidden rounded-3xl bg-leaf-soft px-5 py-8 sm:px-10 sm:py-14"
    >
      <FieldsArt />
      <div className="relative grid max-w-xl gap-4">
        <p className="font-semibold text-harvest-ink text-sm uppercase tracking-wider">
          Straight from the farm
        </p>
        <h1 id={headingId} className="font-semibold text-4xl text-ink tracking-tight sm:text-5xl">
          Fresh food from farms near you
        </h1>
        <p className="text-ink-muted text-lg">
          See what growers around you picked this week, fill one cart across farms, and pick it up
          or have it delivered.
        </p>
        <div className="mt-4">{children}</div>
      </div>
    </section>
  );
}

/** Rolling fields under a low sun: decoration for wide screens only. */
function FieldsArt() {
  return (
    <svg
      viewBox="0 0 400 300"
      aria-hidden
      focusable="false"
      className="pointer-events-none absolute right-0 bottom-0 hidden h-full lg:block"
      preserveAspectRatio="xMaxYMax meet"
    >
      <circle cx="300" cy="92" r="40" fill="#f2b07a" />
      {/* Each hill meets the bottom edge on its left, so the drawing fades into the text side. */}
      <path d="M40 300C120 210 250 170 400 178V300Z" fill="#a9cf98" />
      <path d="M130 300C190 240 290 214 400 216V300Z" fill="#6fa862" />
      <path d="M230 300C270 266 330 252 400 254V300Z" fill="#2d6a3e" />
      <path
        d="M170 300C220 258 300 236 400 234M270 300C300 282 350 272 400 272"
        stroke="#e4efe1"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
        opacity="0.5"
      />
    </svg>
  );
}
