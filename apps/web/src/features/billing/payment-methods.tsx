import { addPaymentMethodBody } from '@furrow/domain/api/subscriptions';
import { formatLongDate } from '@furrow/domain/dates';
import { getPlan, type PaymentMethodType, type PlanId } from '@furrow/domain/plans';
import { CreditCard, Landmark, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import {
  type PaymentMethod,
  useAddPaymentMethod,
  usePaymentMethods,
  useRemovePaymentMethod,
} from './billing-api';

const typeLabels: Record<PaymentMethodType, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  direct_debit: 'Direct debit',
};

const cardBrands = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const;

/** The ways the farmer pays for the plan: those on file, and adding one of a type the plan takes. */
export function PaymentMethods({ planId }: { planId: PlanId }) {
  const methods = usePaymentMethods();
  const plan = getPlan(planId);
  return (
    <Card role="region" className="grid gap-5 p-6" aria-labelledby="payment-methods-heading">
      <div className="grid gap-1">
        <h2 id="payment-methods-heading" className="font-semibold text-ink text-xl">
          Payment methods
        </h2>
        <p className="text-ink-muted text-sm">
          The {plan.name} plan takes{' '}
          {plan.paymentMethods.map((type) => typeLabels[type].toLowerCase()).join(', ')}.
        </p>
      </div>
      {methods.isPending ? (
        <Skeleton className="h-16" />
      ) : methods.isError ? (
        <LoadError onRetry={() => void methods.refetch()}>
          Your payment methods could not be loaded: {methods.error.message}
        </LoadError>
      ) : methods.data.length === 0 ? (
        <p className="text-ink-muted">No payment method on file yet. Add one below.</p>
      ) : (
        <ul className="grid gap-2">
          {methods.data.map((method) => (
            <PaymentMethodRow key={method.id} method={method} />
          ))}
        </ul>
      )}
      <AddPaymentMethodForm allowed={plan.paymentMethods} />
    </Card>
  );
}

// Providers name brands in lower case ("visa", "amex"); the farmer reads them as on the card.
const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

function brandName(brand: string | null): string {
  if (!brand) return 'Card';
  return brandNames[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

function methodName(method: PaymentMethod): string {
  const kind = method.type === 'card' ? brandName(method.brand) : typeLabels[method.type];
  return `${kind} ending in ${method.last4}`;
}

function PaymentMethodRow({ method }: { method: PaymentMethod }) {
  const { toast } = useToast();
  const remove = useRemovePaymentMethod();
  const Icon = method.type === 'card' ? CreditCard : Landmark;

  async function removeIt() {
    try {
      const answer = await remove.mutateAsync(method.id);
      toast({ title: answer.message, description: methodName(method) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The payment method was not removed',
        description: messageOrFailedTo(error, 'remove the payment method'),
      });
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-3">
      <div className="flex items-center gap-3">
        <Icon aria-hidden className="size-5 text-ink-muted" />
        <div className="grid">
          <span className="font-medium text-ink">{methodName(method)}</span>
          <span className="text-ink-muted text-sm">
            {method.holderName ? `${method.holderName} · ` : ''}Added{' '}
            {formatLongDate(method.setupDate)}
            {method.lastUsed ? ` · last used ${formatLongDate(method.lastUsed)}` : ''}
          </span>
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void removeIt()}
        loading={remove.isPending}
        aria-label={`Remove ${methodName(method)}`}
      >
        <Trash2 aria-hidden className="size-4" />
        Remove
      </Button>
    </li>
  );
}

type FieldErrors = Partial<Record<'type' | 'last4' | 'holderName', string>>;

function AddPaymentMethodForm({ allowed }: { allowed: readonly PaymentMethodType[] }) {
  const { toast } = useToast();
  const add = useAddPaymentMethod();
  const [type, setType] = useState<PaymentMethodType>(allowed[0] ?? 'card');
  const [brand, setBrand] = useState<string>(cardBrands[0]);
  const [last4, setLast4] = useState('');
  const [holderName, setHolderName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = addPaymentMethodBody.safeParse({
      type,
      brand: type === 'card' ? brand : undefined,
      last4: last4.trim(),
      holderName: holderName.trim() || undefined,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        found[field] ??= field === 'last4' ? 'Enter the last 4 digits' : issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      const answer = await add.mutateAsync(parsed.data);
      toast({ title: answer.message, description: methodName(answer.paymentMethod) });
      setLast4('');
      setHolderName('');
      setErrors({});
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The payment method was not added',
        description: messageOrFailedTo(error, 'add the payment method'),
      });
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="add-payment-method-heading"
      className="grid gap-4 border-line border-t pt-5"
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="add-payment-method-heading" className="font-medium text-ink">
        Add a payment method
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as PaymentMethodType)}
        >
          {allowed.map((option) => (
            <option key={option} value={option}>
              {typeLabels[option]}
            </option>
          ))}
        </SelectField>
        {type === 'card' && (
          <SelectField label="Card brand" value={brand} onChange={(e) => setBrand(e.target.value)}>
            {cardBrands.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Last 4 digits"
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          value={last4}
          error={errors.last4}
          onChange={(event) => {
            setLast4(event.target.value);
            setErrors((current) => ({ ...current, last4: undefined }));
          }}
        />
        <TextField
          label="Name on account (optional)"
          autoComplete="name"
          maxLength={200}
          value={holderName}
          error={errors.holderName}
          onChange={(event) => setHolderName(event.target.value)}
        />
      </div>
      <p className="text-ink-muted text-sm">
        Only the last 4 digits are kept, to tell your payment methods apart; a full card or account
        number never reaches Furrow.
      </p>
      <Button type="submit" loading={add.isPending} className="w-fit">
        Add payment method
      </Button>
    </form>
  );
}
