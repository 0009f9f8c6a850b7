import { formatLongDate } from '@furrow/domain/dates';
import { MAX_PREORDER_QUANTITY } from '@furrow/domain/preorders';
import { Sprout } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { ToastAction } from '../../components/ui/toast-action';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { paths } from '../../lib/paths';
import { rememberRedirect, useSession } from '../../lib/session';
import { usePreorders } from './preorders-context';

interface PreorderFormProps {
  product: { id: string; name: string; unit: string; availableFrom: string | null };
}

/**
 * "Pre-order" in place of "Add to cart" for a product that is sold out or not harvested yet: the
 * quantity waits in the farm's queue and becomes an order when stock arrives.
 */
export function PreorderForm({ product }: PreorderFormProps) {
  const { user } = useSession();
  const { place } = usePreorders();
  const { toast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  // Pre-orders are a customer's; a farmer's account has nothing to pre-order with.
  if (user && user.role !== 'customer') return null;

  const when = product.availableFrom
    ? `when it is harvested (from ${formatLongDate(product.availableFrom)})`
    : 'as soon as the farm has more';

  if (!user) {
    return (
      <div className="grid gap-3 rounded-xl bg-sunken p-4">
        <p>Pre-order it and it becomes your order {when}.</p>
        <Button asChild className="w-fit">
          <Link to={paths.login} onClick={() => rememberRedirect(location.pathname)}>
            Sign in to pre-order
          </Link>
        </Button>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = Number(quantity);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_PREORDER_QUANTITY) {
      setError(`A whole number from 1 to ${MAX_PREORDER_QUANTITY}`);
      return;
    }
    setSaving(true);
    try {
      await place({ productId: product.id, quantity: wanted });
      setQuantity('1');
      toast({
        title: 'Pre-order placed',
        description: `${wanted} × ${product.name}, ${when}.`,
        action: (
          <ToastAction altText="See your pre-orders" onClick={() => navigate(paths.preorders)}>
            View
          </ToastAction>
        ),
      });
    } catch (failure) {
      toast({
        title: 'The pre-order was not placed',
        description: messageOrFailedTo(failure, 'place the pre-order'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-xl bg-sunken p-4">
      <p>Pre-order it and it becomes your order {when}, for pickup at the farm.</p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={`How many (${product.unit})`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PREORDER_QUANTITY}
          value={quantity}
          onChange={(event) => {
            setQuantity(event.target.value);
            setError(undefined);
          }}
          error={error}
          className="w-36"
        />
        <Button type="submit" size="lg" loading={saving}>
          {!saving && <Sprout aria-hidden className="size-5" />}
          Pre-order
        </Button>
      </div>
    </form>
  );
}
