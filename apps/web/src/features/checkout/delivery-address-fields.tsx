import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import type { DeliveryAddress } from './checkout-request';

interface DeliveryAddressFieldsProps {
  address: DeliveryAddress;
  onChange: (address: DeliveryAddress) => void;
  errors: Partial<Record<keyof DeliveryAddress, string>>;
  /** Where the shopper browses from: the point measured to when no ZIP code is typed. */
  fallbackLabel: string;
}

/** Where to deliver, for every farm that delivers this order. */
export function DeliveryAddressFields({
  address,
  onChange: setAddress,
  errors: addressErrors,
  fallbackLabel,
}: DeliveryAddressFieldsProps) {
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <fieldset className="grid gap-4">
        <legend className="mb-4 font-semibold text-lg">Deliver to</legend>
        <TextField
          label="Street address"
          autoComplete="street-address"
          value={address.line}
          onChange={(event) => setAddress({ ...address, line: event.target.value })}
          error={addressErrors.line}
        />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <TextField
            label="City"
            autoComplete="address-level2"
            value={address.city}
            onChange={(event) => setAddress({ ...address, city: event.target.value })}
            error={addressErrors.city}
          />
          <TextField
            label="State"
            autoComplete="address-level1"
            value={address.region}
            onChange={(event) => setAddress({ ...address, region: event.target.value })}
          />
          <TextField
            label="ZIP code"
            autoComplete="postal-code"
            inputMode="numeric"
            value={address.postalCode}
            onChange={(event) => setAddress({ ...address, postalCode: event.target.value })}
            error={addressErrors.postalCode}
          />
        </div>
        <p className="text-ink-muted text-sm">
          The farm measures its delivery distance to your ZIP code, or to {fallbackLabel} when you
          leave it empty.
        </p>
      </fieldset>
    </Card>
  );
}
