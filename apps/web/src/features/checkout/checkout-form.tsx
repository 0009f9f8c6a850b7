import type { Order } from '@furrow/domain/api/orders';
import { CARD_PAYMENT_HOLD_MINUTES, cardPaymentOffered } from '@furrow/domain/card-payments';
import { type CartAction, type CartState, cartSummary } from '@furrow/domain/cart';
import type { Point } from '@furrow/domain/delivery';
import { dollarsToCents } from '@furrow/domain/money';
import { useQueries } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ChoiceCard } from '../../components/ui/choice-card';
import { TextAreaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/use-toast';
import { ApiError, api } from '../../lib/api-client';
import { lookupPlace } from '../../lib/place-lookup';
import { farmKeys, pickupSlotKeys } from '../../lib/query-keys';
import type { CheckoutFarm } from './checkout-api';
import { type PickupSlots, usePlaceOrder } from './checkout-api';
import {
  cartRepairs,
  checkoutBody,
  createAttemptKeys,
  type DeliveryAddress,
  describeRefusal,
  type FulfilmentChoice,
  paymentOptions,
  type Refusal,
} from './checkout-request';
import { DeliveryAddressFields } from './delivery-address-fields';
import { FarmFulfilment } from './farm-fulfilment';
import { OrderSummary } from './order-summary';

interface CheckoutFormProps {
  cart: CartState;
  dispatch: (action: CartAction) => boolean;
  /** Where the shopper browses from: the delivery point when no ZIP code is typed. */
  knownLocation: Point & { label: string };
  onPlaced: (orders: Order[]) => void;
  /** A card checkout: the orders wait while the shopper pays at the provider's page. */
  onPay: (url: string) => void;
}

const emptyAddress: DeliveryAddress = { line: '', city: '', region: '', postalCode: '' };

/**
 * Checkout: per farm pickup or delivery, a note, the payment method, and Place order. A refusal
 * for stock or price corrects the cart and says line by line what changed, so the shopper can
 * look and place the order again.
 */
export function CheckoutForm({
  cart,
  dispatch,
  knownLocation,
  onPlaced,
  onPay,
}: CheckoutFormProps) {
  const { toast } = useToast();
  const placeOrder = usePlaceOrder();
  const [attempts] = useState(() => createAttemptKeys());
  const [choices, setChoices] = useState<Record<string, FulfilmentChoice>>({});
  const [address, setAddress] = useState<DeliveryAddress>(emptyAddress);
  const [payment, setPayment] = useState<(typeof paymentOptions)[number]['value']>('pay_at_pickup');
  const [note, setNote] = useState('');
  const [slotErrors, setSlotErrors] = useState<Record<string, string>>({});
  const [addressErrors, setAddressErrors] = useState<
    Partial<Record<keyof DeliveryAddress, string>>
  >({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [locating, setLocating] = useState(false);
  const refusalRef = useRef<HTMLDivElement>(null);
  const paymentName = useId();

  const summary = cartSummary(cart);
  const farmIds = summary.farms.map((group) => group.farmId);
  const farms = useQueries({
    queries: farmIds.map((farmId) => ({
      queryKey: farmKeys.page(farmId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<{ farm: CheckoutFarm }>(`/api/farms/${farmId}`, { signal }),
    })),
  });
  const slots = useQueries({
    queries: farmIds.map((farmId) => ({
      queryKey: pickupSlotKeys.farm(farmId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<PickupSlots>(`/api/farms/${farmId}/pickup-slots`, { signal }),
    })),
  });

  const choiceOf = (farmId: string, index: number): FulfilmentChoice | undefined => {
    const chosen = choices[farmId];
    if (chosen?.method === 'pickup' && chosen.slotId) {
      // A slot that filled up or closed since it was chosen (the server said so, and the slots
      // were read again) is no choice any more: the shopper is asked for another.
      const slot = slots[index]?.data?.slots.find((offered) => offered.id === chosen.slotId);
      if (!slot || slot.remaining === 0) return { method: 'pickup' };
    }
    if (chosen) return chosen;
    // Pickup is the usual way; a farm that only delivers starts on delivery.
    const farm = farms[index]?.data?.farm;
    if (!farm) return undefined;
    return farm.pickup.enabled ? { method: 'pickup' } : { method: 'delivery' };
  };
  const loadedFarms = farms.flatMap((query) => (query.data ? [query.data.farm] : []));
  const allKnown = loadedFarms.length === farmIds.length;
  const cardOffered = allKnown && cardPaymentOffered(loadedFarms);
  const cashOnly = loadedFarms.filter((farm) => !farm.cardPayments).map((farm) => farm.name);
  // Said only once every farm is known: some take cards, and these do not.
  const someTakeCards = allKnown && cashOnly.length > 0 && cashOnly.length < loadedFarms.length;
  const offered = paymentOptions.filter((option) => option.value !== 'card' || cardOffered);
  // A card choice made before a farm joined the cart does not outlive it.
  const chosenPayment = cardOffered ? payment : 'pay_at_pickup';
  const delivering = farmIds.filter(
    (farmId, index) => choiceOf(farmId, index)?.method === 'delivery',
  );
  const feeCents = farmIds.reduce((sum, farmId, index) => {
    const farm = farms[index]?.data?.farm;
    return delivering.includes(farmId) && farm ? sum + dollarsToCents(farm.delivery.fee) : sum;
  }, 0);

  function choose(farmId: string, choice: FulfilmentChoice) {
    setChoices((current) => ({ ...current, [farmId]: choice }));
    setSlotErrors(({ [farmId]: _, ...rest }) => rest);
  }

  /** Missing choices, said beside each farm; none means the form can go. */
  function findSlotErrors(): Record<string, string> {
    const found: Record<string, string> = {};
    farmIds.forEach((farmId, index) => {
      const choice = choiceOf(farmId, index);
      const offered = slots[index]?.data?.slots ?? [];
      if (choice?.method === 'pickup' && offered.length > 0 && !choice.slotId) {
        found[farmId] = 'Choose a pickup time';
      }
    });
    return found;
  }

  function findAddressErrors() {
    const found: Partial<Record<keyof DeliveryAddress, string>> = {};
    if (!address.line.trim()) found.line = 'Enter the street address';
    if (!address.city.trim()) found.city = 'Enter the city';
    return found;
  }

  /** The typed ZIP code's point, or where the shopper browses from when none is typed. */
  async function deliveryPoint(): Promise<Point | null> {
    const zip = address.postalCode.trim();
    if (!zip) return { lat: knownLocation.lat, lng: knownLocation.lng };
    setLocating(true);
    try {
      const place = await lookupPlace(zip);
      return { lat: place.lat, lng: place.lng };
    } catch (error) {
      setAddressErrors({
        postalCode:
          error instanceof ApiError ? error.message : 'We could not look up this ZIP code',
      });
      return null;
    } finally {
      setLocating(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (placeOrder.isPending || locating) return;
    const missing = findSlotErrors();
    const badAddress = delivering.length > 0 ? findAddressErrors() : {};
    setSlotErrors(missing);
    setAddressErrors(badAddress);
    if (Object.keys(missing).length > 0 || Object.keys(badAddress).length > 0) {
      toast({
        title: 'A choice is missing',
        description: 'Check the fields marked in red.',
        variant: 'destructive',
      });
      return;
    }
    const point = delivering.length > 0 ? await deliveryPoint() : null;
    if (delivering.length > 0 && !point) return;

    const resolved: Record<string, FulfilmentChoice> = {};
    farmIds.forEach((farmId, index) => {
      const choice = choiceOf(farmId, index);
      if (choice) resolved[farmId] = choice;
    });
    const body = checkoutBody({
      cart,
      choices: resolved,
      delivery: point ? { address, point } : undefined,
      payment: chosenPayment,
      note,
    });
    setRefusal(null);
    placeOrder.mutate(
      { body, key: attempts.keyFor(body) },
      {
        onSuccess: (answer) => {
          attempts.done();
          const ordered = new Set(
            answer.orders.flatMap((order) => order.lines.map((line) => line.productId)),
          );
          for (const productId of ordered) {
            if (productId) dispatch({ type: 'remove', productId });
          }
          if (answer.url) {
            toast({
              title: `Your food is held for ${CARD_PAYMENT_HOLD_MINUTES} minutes`,
              description: 'Taking you to the payment page…',
            });
            onPay(answer.url);
            return;
          }
          toast({
            title:
              answer.orders.length === 1 ? 'Order placed' : `${answer.orders.length} orders placed`,
            description: answer.orders.map((order) => order.number).join(', '),
          });
          onPlaced(answer.orders);
        },
        onError: (error) => {
          const refused = describeRefusal(error);
          if (error instanceof ApiError && error.details) {
            for (const action of cartRepairs(cart, error.details)) dispatch(action);
          }
          setRefusal(refused);
          toast({ title: refused.title, description: refused.lines[0], variant: 'destructive' });
          // The explanation is above the button the shopper just pressed; take them to it.
          requestAnimationFrame(() => refusalRef.current?.focus());
        },
      },
    );
  }

  const busy = placeOrder.isPending || locating;
  // Until every farm's terms and slots are in, an order could not say how each farm hands it over.
  const ready = [...farms, ...slots].every((query) => query.isSuccess);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start"
    >
      <div className="grid gap-6">
        {refusal && (
          <div
            ref={refusalRef}
            tabIndex={-1}
            role="alert"
            className="grid gap-2 rounded-2xl border border-danger bg-danger-soft p-4 text-ink"
          >
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle aria-hidden className="size-5 text-danger" />
              {refusal.title}
            </p>
            <ul className="list-disc pl-6">
              {refusal.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        {summary.farms.map((group, index) => (
          <FarmFulfilment
            key={group.farmId}
            group={group}
            choice={choiceOf(group.farmId, index)}
            onChange={(choice) => choose(group.farmId, choice)}
            error={slotErrors[group.farmId]}
          />
        ))}
        {delivering.length > 0 && (
          <DeliveryAddressFields
            address={address}
            onChange={setAddress}
            errors={addressErrors}
            fallbackLabel={knownLocation.label}
          />
        )}
        <Card className="grid gap-4 p-4 sm:p-6">
          <TextAreaField
            label="Note for the farms (optional)"
            hint="Gate codes, who collects, anything the farmer should know."
            value={note}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-semibold text-lg">Payment</legend>
            {offered.map((option) => (
              <ChoiceCard
                key={option.value}
                name={paymentName}
                value={option.value}
                checked={chosenPayment === option.value}
                onChange={() => setPayment(option.value)}
                title={option.label}
                description={option.description}
              />
            ))}
            {someTakeCards && (
              <p className="text-ink-muted text-sm">
                Card payment is offered when every farm in your cart takes cards;{' '}
                {cashOnly.join(' and ')} {cashOnly.length === 1 ? 'takes' : 'take'} payment at
                pickup or on delivery only.
              </p>
            )}
          </fieldset>
        </Card>
      </div>
      <OrderSummary farms={summary.farms} feeCents={feeCents} totalCents={summary.totalCents}>
        <Button type="submit" size="lg" loading={busy} disabled={!ready}>
          {locating
            ? 'Finding your address…'
            : placeOrder.isPending
              ? 'Placing your order…'
              : chosenPayment === 'card'
                ? 'Continue to payment'
                : 'Place order'}
        </Button>
      </OrderSummary>
    </form>
  );
}
