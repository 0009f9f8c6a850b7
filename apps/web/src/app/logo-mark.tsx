import { cn } from '../lib/cn';

/** Furrow's sprout mark; the same drawing is the favicon in index.html. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden focusable="false" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" fill="#2d6a3e" />
      <path d="M16 26V15" stroke="#faf6ee" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M16 16c0-5 3-8 9-8 0 5-3 8-9 8Z" fill="#faf6ee" />
      <path d="M16 19c0-4-2.5-6.5-8-6.5 0 4 2.5 6.5 8 6.5Z" fill="#f2b07a" />
    </svg>
  );
}
