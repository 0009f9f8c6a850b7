import type { CartItem } from '@furrow/domain/cart';
import { formatUsd } from '@furrow/domain/money';
import { Sprout, Trash2 } from 'lucide-react';
import { generatePath, Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { QuantityStepper } from './quantity-stepper';

interface CartLineProps {
  item: CartItem;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

/** One product in the cart: what it is, what one costs, how many, and what they come to. */
export function CartLine({ item, onQuantityChange, onRemove }: CartLineProps) {
  const productPath = generatePath(paths.product, { id: item.productId });
  const unit = item.unit === 'each' ? 'each' : `/ ${item.unit.replaceAll('-', ' ')}`;
  return (
    <li className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-3 py-4 sm:grid-cols-[5rem_1fr_auto_6rem] sm:items-center">
      {/* The name beside it is the link a screen reader needs; the photo is a bigger target. */}
      <Link to={productPath} tabIndex={-1} aria-hidden className="row-span-2 sm:row-span-1">
        {item.imageUrl ? (
          <img
            src={item.imageUrl}
            alt=""
            className="aspect-square w-full rounded-xl bg-sunken object-cover"
          />
        ) : (
          <span className="flex aspect-square w-full items-center justify-center rounded-xl bg-leaf-soft text-leaf-ink">
            <Sprout className="size-7" />
          </span>
        )}
      </Link>
      <div className="grid min-w-0 gap-0.5">
        <Link
          to={productPath}
          className="font-semibold text-ink underline-offset-4 hover:underline"
        >
          {item.name}
        </Link>
        <p className="text-ink-muted text-sm">{item.farmName}</p>
        <p className="text-ink-muted text-sm">
          {formatUsd(item.priceCents)} {unit}
        </p>
      </div>
      {/* On a phone the stepper and the line total share a row; from sm up each has its column. */}
      <div className="col-start-2 flex items-center justify-between gap-3 sm:col-start-auto sm:contents">
        <div className="flex items-center gap-1">
          <QuantityStepper
            value={item.quantity}
            min={1}
            max={item.stock}
            onChange={onQuantityChange}
            name={item.name}
          />
          <Button variant="ghost" size="icon" aria-label={`Remove ${item.name}`} onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
        <p className="text-right font-semibold tabular-nums">
          <span className="sr-only">Line total: </span>
          {formatUsd(item.priceCents * item.quantity)}
        </p>
      </div>
    </li>
  );
}
