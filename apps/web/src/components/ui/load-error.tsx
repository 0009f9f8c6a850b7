import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Card } from './card';

/** Said in place of content that could not be loaded, with a way to ask for it again. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Card role="alert" className="grid justify-items-start gap-3 p-6">
      <p className="text-ink">{children}</p>
      <Button variant="secondary" onClick={onRetry}>
        <RefreshCw aria-hidden className="size-4" />
        Try again
      </Button>
    </Card>
  );
}
