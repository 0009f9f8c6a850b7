import type { Farm } from '@furrow/domain/api/farms';
import { zodResolver } from '@hookform/resolvers/zod';
import { LocateFixed, MapPin } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { DialogFormFooter, FormDialog } from '../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { ImagePicker } from '../../components/ui/image-picker';
import { Input } from '../../components/ui/input';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { messageOrFailedTo } from '../../lib/failure-message';
import { lookupPlace } from '../../lib/place-lookup';
import { setServerFieldErrors } from '../../lib/server-field-errors';
import { useImageChoice } from '../../lib/upload';
import {
  type FarmFormValues,
  farmFormDefaults,
  farmFormSchema,
  serverFieldsWithWindows,
  toFarmBody,
} from './farm-form';
import { type FarmImageKind, farmImageOrder, useSaveFarm } from './farms-api';
import { FulfilmentFields } from './fulfilment-fields';
import { timeZoneOptions } from './time-zone-options';

const imageText = {
  logo: {
    label: 'Farm logo',
    hint: 'JPEG, PNG or WebP, at most 5 MB. A square picture looks best.',
  },
  cover: {
    label: 'Cover picture',
    hint: 'Shown wide across the top of your farm page: your fields, barn or stall. JPEG, PNG or WebP, at most 5 MB.',
  },
} as const satisfies Record<FarmImageKind, { label: string; hint: string }>;

interface FarmFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The farm to edit; absent to create one. */
  farm?: Farm;
  onSaved?: (farm: Farm) => void;
}

/** Create or edit a farm: its story, where it is, pickup and delivery, contact, logo and cover. */
export function FarmFormDialog({ open, onOpenChange, farm, onSaved }: FarmFormDialogProps) {
  const { toast } = useToast();
  const save = useSaveFarm();
  const form = useForm<FarmFormValues>({
    resolver: zodResolver(farmFormSchema),
    defaultValues: farmFormDefaults(farm),
  });
  const { register, handleSubmit, formState, reset, setError, setValue, getValues } = form;
  const errors = formState.errors;
  const images = { logo: useImageChoice(), cover: useImageChoice() };
  const [place, setPlace] = useState('');
  const [placeStatus, setPlaceStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(
    null,
  );
  const [lookingUp, setLookingUp] = useState(false);

  // A fresh form each time the dialog opens, on the farm it opens for.
  useEffect(() => {
    if (!open) return;
    reset(farmFormDefaults(farm));
    images.logo.clear();
    images.cover.clear();
    setPlace(farm?.address.postalCode ?? '');
    setPlaceStatus(null);
  }, [open, farm, reset, images.logo.clear, images.cover.clear]);

  async function findPlace() {
    const query = place.trim();
    if (query.length < 2) {
      setPlaceStatus({
        tone: 'error',
        text: 'Type a ZIP code or a city and state, like "Portland, OR".',
      });
      return;
    }
    setLookingUp(true);
    try {
      const found = await lookupPlace(query);
      const touch = { shouldDirty: true, shouldValidate: true } as const;
      setValue('lat', String(found.lat), touch);
      setValue('lng', String(found.lng), touch);
      setValue('country', found.country, touch);
      // Fills what the farmer has not typed yet; never overwrites their own words.
      if (!getValues('city')) setValue('city', found.city, touch);
      if (!getValues('region')) setValue('region', found.region, touch);
      if (!getValues('postalCode') && found.postalCode)
        setValue('postalCode', found.postalCode, touch);
      // Pickup times are kept on the farm's clock: the place decides it, unless the farmer says.
      setValue('timeZone', found.timeZone, touch);
      setPlaceStatus({
        tone: 'ok',
        text: `Found ${found.label} (${found.lat.toFixed(4)}, ${found.lng.toFixed(4)}), time zone ${found.timeZone}.`,
      });
    } catch (error) {
      setPlaceStatus({
        tone: 'error',
        text: error instanceof ApiError ? error.message : 'That place could not be looked up.',
      });
    } finally {
      setLookingUp(false);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    for (const kind of farmImageOrder) images[kind].setProgress(images[kind].file ? 0 : null);
    try {
      const saved = await save.mutateAsync({
        id: farm?.id,
        body: toFarmBody(values),
        images: { logo: images.logo.file, cover: images.cover.file },
        onImageProgress: (kind, fraction) => images[kind].setProgress(fraction),
      });
      const failure = saved.imageFailure;
      if (failure) {
        for (const kind of farmImageOrder) images[kind].setProgress(null);
        // The farm is saved and so is any picture before this one; keep the dialog open on the
        // saved farm so that only this picture needs another try.
        for (const kind of failure.done) images[kind].clear();
        onSaved?.(saved.farm);
        images[failure.kind].setError(failure.message);
        toast({
          variant: 'destructive',
          title: `Farm saved, ${failure.kind === 'logo' ? 'logo' : 'cover picture'} not uploaded`,
          description: failure.message,
        });
        return;
      }
      toast({
        title: saved.created ? 'Farm created' : 'Farm saved',
        description: saved.created
          ? `${saved.farm.name} is ready. Add your first product next.`
          : `Your changes to ${saved.farm.name} are live.`,
      });
      onSaved?.(saved.farm);
      onOpenChange(false);
    } catch (error) {
      for (const kind of farmImageOrder) images[kind].setProgress(null);
      showServerError(error);
    }
  });

  function showServerError(error: unknown) {
    setServerFieldErrors(
      error,
      serverFieldsWithWindows(getValues('pickupWindows').length),
      setError,
    );
    toast({
      variant: 'destructive',
      title: 'The farm was not saved',
      description: messageOrFailedTo(error, 'save the farm'),
    });
  }

  const busy = formState.isSubmitting;
  const chosenZone = form.watch('timeZone');
  // Some 400 options: built once per zone chosen, so that typing elsewhere does not redraw them.
  const zoneOptions = useMemo(() => {
    const zones = timeZoneOptions(chosenZone);
    return (
      <>
        <optgroup label="Common in the US">
          {zones.common.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.label}
            </option>
          ))}
        </optgroup>
        {zones.others.length > 0 && (
          <optgroup label="All time zones">
            {zones.others.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </optgroup>
        )}
      </>
    );
  }, [chosenZone]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={farm ? `Edit ${farm.name}` : 'Create your farm'}
      description={
        farm
          ? 'Shoppers see these details on your farm page.'
          : 'Tell shoppers who you are and where to find you. You can change all of it later.'
      }
    >
      <Form onSubmit={onSubmit} className="gap-8">
        <fieldset className="grid gap-4">
          <legend className="mb-2 font-semibold text-ink">About your farm</legend>
          <TextField
            label="Farm name"
            error={errors.name?.message}
            autoComplete="organization"
            {...register('name')}
          />
          <TextAreaField
            label="Your story"
            hint="What you grow, how you grow it, who you are. Shown on your farm page."
            error={errors.description?.message}
            rows={4}
            {...register('description')}
          />
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 font-semibold text-ink">Where is it?</legend>
          <div className="grid gap-1.5">
            <label htmlFor="farm-place" className="font-medium text-ink text-sm">
              Find your place by ZIP code or city
            </label>
            <div className="flex gap-2">
              <Input
                id="farm-place"
                value={place}
                placeholder='97231 or "Portland, OR"'
                onChange={(event) => setPlace(event.target.value)}
                onKeyDown={(event) => {
                  // Enter looks the place up rather than saving the whole form.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void findPlace();
                  }
                }}
                aria-describedby="farm-place-status"
              />
              <Button variant="secondary" onClick={() => void findPlace()} loading={lookingUp}>
                {!lookingUp && <LocateFixed aria-hidden className="size-4" />}
                Look up
              </Button>
            </div>
            <p
              id="farm-place-status"
              aria-live="polite"
              className={
                placeStatus?.tone === 'error' ? 'text-danger text-sm' : 'text-ink-muted text-sm'
              }
            >
              {placeStatus?.text ?? 'Fills in the coordinates below. Or type them yourself.'}
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Latitude"
              error={errors.lat?.message}
              inputMode="decimal"
              {...register('lat')}
            />
            <TextField
              label="Longitude"
              error={errors.lng?.message}
              inputMode="decimal"
              {...register('lng')}
            />
          </div>
          <TextField
            label="Street address"
            error={errors.addressLine?.message}
            autoComplete="street-address"
            {...register('addressLine')}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="City"
              error={errors.city?.message}
              autoComplete="address-level2"
              {...register('city')}
            />
            <TextField
              label="State"
              error={errors.region?.message}
              autoComplete="address-level1"
              {...register('region')}
            />
            <TextField
              label="ZIP code"
              error={errors.postalCode?.message}
              autoComplete="postal-code"
              {...register('postalCode')}
            />
          </div>
          <SelectField
            label="Time zone"
            hint="Your pickup times and harvest days are in this zone. Looking up your place sets it."
            error={errors.timeZone?.message}
            {...register('timeZone')}
          >
            {zoneOptions}
          </SelectField>
        </fieldset>

        <FulfilmentFields form={form} />

        <fieldset className="grid gap-4">
          <legend className="mb-2 font-semibold text-ink">Contact</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="E-mail"
              error={errors.contactEmail?.message}
              type="email"
              autoComplete="email"
              {...register('contactEmail')}
            />
            <TextField
              label="Phone"
              error={errors.contactPhone?.message}
              type="tel"
              autoComplete="tel"
              {...register('contactPhone')}
            />
          </div>
          <TextField
            label="Website"
            error={errors.website?.message}
            type="url"
            placeholder="https://"
            {...register('website')}
          />
        </fieldset>

        <fieldset className="grid gap-6 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-ink">Pictures</legend>
          {farmImageOrder.map((kind) => (
            <ImagePicker
              key={kind}
              label={imageText[kind].label}
              hint={imageText[kind].hint}
              currentUrl={farm?.[kind]}
              file={images[kind].file}
              onFileChange={images[kind].choose}
              progress={images[kind].progress}
              error={images[kind].error}
              disabled={busy}
            />
          ))}
        </fieldset>

        <DialogFormFooter busy={busy} onCancel={() => onOpenChange(false)}>
          {!busy && <MapPin aria-hidden className="size-4" />}
          {farm ? 'Save farm' : 'Create farm'}
        </DialogFormFooter>
      </Form>
    </FormDialog>
  );
}
