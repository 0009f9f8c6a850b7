import { Minus, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

interface QuantityStepperProps {
  value: number;
  min: number;
  /** The stock: the + button stops here, since a quantity may not exceed it. */
  max: number;
  onChange: (quantity: number) => void;
  /** The product's name, for the buttons' labels. */
  name: string;
  /** Small, for a product card. */
  compact?: boolean;
}

const stopped =
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent';

/**
 * − quantity +, for a product in the cart or about to go in. At either end a button is marked
 * aria-disabled rather than disabled, so that keyboard focus stays on it instead of falling to the
 * page; a press there changes nothing and says nothing.
 */
export function QuantityStepper({
  value,
  min,
  max,
  onChange,
  name,
  compact = false,
}: QuantityStepperProps) {
  const size = compact ? 'size-8' : undefined;
  return (
    <div className="inline-flex w-fit items-center rounded-lg border border-line-strong bg-surface">
      <Button
        variant="ghost"
        size="icon"
        className={cn(stopped, size)}
        aria-label={`One less ${name}`}
        aria-disabled={value <= min}
        onClick={() => value > min && onChange(value - 1)}
      >
        <Minus aria-hidden className="size-4" />
      </Button>
      <output
        aria-live="polite"
        aria-label={`Quantity of ${name}`}
        className={cn(
          'text-center font-semibold tabular-nums',
          compact ? 'min-w-7 text-sm' : 'min-w-10',
        )}
      >
        {value}
      </output>
      <Button
        variant="ghost"
        size="icon"
        className={cn(stopped, size)}
        aria-label={`One more ${name}`}
        aria-disabled={value >= max}
        onClick={() => value < max && onChange(value + 1)}
      >
        <Plus aria-hidden className="size-4" />
      </Button>
    </div>
  );
}
