import { weekdays } from '@furrow/domain/farm-time';
import { MAX_PICKUP_WINDOWS } from '@furrow/domain/pickup-windows';
import { Plus, Trash2 } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { CheckboxField, SelectField, TextAreaField } from '../../components/ui/field';
import { TextField } from '../../components/ui/text-field';
import { type FarmFormValues, newPickupWindowRow } from './farm-form';

const dayNames: Record<(typeof weekdays)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** How orders reach shoppers: pickup (instructions and windows) and delivery (radius, fee, minimum). */
export function FulfilmentFields({ form }: { form: UseFormReturn<FarmFormValues> }) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const deliveryEnabled = watch('deliveryEnabled');
  const pickupEnabled = watch('pickupEnabled');
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 font-semibold text-ink">Pickup and delivery</legend>
      <CheckboxField
        label="Shoppers can pick up orders at the farm"
        {...register('pickupEnabled')}
      />
      {pickupEnabled && (
        <TextAreaField
          label="Pickup instructions"
          hint="When and where: “Farm stand by the gate, Saturdays 9 am to 1 pm.”"
          error={errors.pickupInstructions?.message}
          rows={2}
          {...register('pickupInstructions')}
        />
      )}
      {pickupEnabled && <PickupWindowsFields form={form} />}
      <CheckboxField label="I deliver" {...register('deliveryEnabled')} />
      {deliveryEnabled && (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Delivery radius (km)"
            hint="How far from the farm you deliver."
            error={errors.deliveryRadiusKm?.message}
            inputMode="numeric"
            {...register('deliveryRadiusKm')}
          />
          <TextField
            label="Delivery fee ($)"
            hint="Added to each delivered order."
            error={errors.deliveryFee?.message}
            inputMode="decimal"
            {...register('deliveryFee')}
          />
          <TextField
            label="Minimum order ($)"
            hint="Before the fee; 0 for none."
            error={errors.deliveryMinimum?.message}
            inputMode="decimal"
            {...register('deliveryMinimum')}
          />
        </div>
      )}
    </fieldset>
  );
}

/**
 * The farm's pickup windows: weekly (a day) or one-off (a date), from and to on the farm's clock,
 * a place and an optional number of orders per window. Checkout offers their next occurrences.
 */
function PickupWindowsFields({ form }: { form: UseFormReturn<FarmFormValues> }) {
  const { control, register, watch, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'pickupWindows' });
  const errors = formState.errors.pickupWindows;
  const timeZone = watch('timeZone');

  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <p className="font-medium text-ink text-sm">Pickup windows</p>
        <p className="text-ink-muted text-sm">
          Shoppers choose one of their next dates at checkout. Times are {timeZone} time. With no
          windows, shoppers go by your pickup instructions.
        </p>
      </div>
      {fields.map((field, index) => {
        const kind = watch(`pickupWindows.${index}.kind`);
        const rowErrors = errors?.[index];
        return (
          <fieldset key={field.id} className="grid gap-3 rounded-xl border border-line p-3">
            <legend className="px-1 font-medium text-sm">Window {index + 1}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField label="Repeats" {...register(`pickupWindows.${index}.kind`)}>
                <option value="weekly">Every week</option>
                <option value="once">Once</option>
              </SelectField>
              {kind === 'weekly' ? (
                <SelectField label="Day" {...register(`pickupWindows.${index}.day`)}>
                  {weekdays.map((day) => (
                    <option key={day} value={day}>
                      {dayNames[day]}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <TextField
                  label="Date"
                  type="date"
                  error={rowErrors?.date?.message}
                  {...register(`pickupWindows.${index}.date`)}
                />
              )}
              <TextField
                label="From"
                type="time"
                error={rowErrors?.from?.message}
                {...register(`pickupWindows.${index}.from`)}
              />
              <TextField
                label="To"
                type="time"
                error={rowErrors?.to?.message}
                {...register(`pickupWindows.${index}.to`)}
              />
              <TextField
                label="Place"
                placeholder="Farm stand by the gate"
                error={rowErrors?.place?.message}
                {...register(`pickupWindows.${index}.place`)}
              />
              <TextField
                label="Orders per window (optional)"
                inputMode="numeric"
                error={rowErrors?.capacity?.message}
                {...register(`pickupWindows.${index}.capacity`)}
              />
            </div>
            <Button variant="ghost" className="w-fit text-danger" onClick={() => remove(index)}>
              <Trash2 aria-hidden className="size-4" />
              Remove window {index + 1}
            </Button>
          </fieldset>
        );
      })}
      {fields.length < MAX_PICKUP_WINDOWS && (
        <Button variant="secondary" className="w-fit" onClick={() => append(newPickupWindowRow())}>
          <Plus aria-hidden className="size-4" />
          Add a pickup window
        </Button>
      )}
    </div>
  );
}
