import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from '../ui/card';

interface PageProps {
  /** The page's heading, also used for the browser tab title. */
  title: string;
  description?: ReactNode;
  /** `narrow` sets the page on a card, for forms (sign-in and the like); `wide` suits dashboards. */
  width?: 'narrow' | 'wide';
  children?: ReactNode;
}

/** The frame of a screen: document title, one `h1`, a lead sentence and the content below. */
export function Page({ title, description, width = 'wide', children }: PageProps) {
  const narrow = width === 'narrow';
  const body = (
    <>
      <div className="grid gap-2">
        <h1 className="font-semibold text-3xl text-ink tracking-tight">{title}</h1>
        {description && <p className="text-ink-muted text-lg">{description}</p>}
      </div>
      {children && <div className="mt-8">{children}</div>}
    </>
  );
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-8 sm:px-6 sm:py-12',
        narrow ? 'max-w-lg sm:py-16' : 'max-w-6xl',
      )}
    >
      <title>{`${title} · Furrow`}</title>
      {narrow ? <Card className="p-6 sm:p-8">{body}</Card> : body}
    </div>
  );
}
