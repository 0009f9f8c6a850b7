import { type Farmer, type FarmerImageKind, updateFarmerBody } from '@furrow/domain/api/farmers';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { DialogFormFooter, FormDialog } from '../../components/ui/dialog';
import { TextAreaField } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { ImagePicker } from '../../components/ui/image-picker';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { paths } from '../../lib/paths';
import { setServerFieldErrors } from '../../lib/server-field-errors';
import { useImageChoice } from '../../lib/upload';
import { farmerImageOrder, type ImageChange, useSaveFarmerProfile } from './farmer-profile-api';

type ProfileFormValues = z.input<typeof updateFarmerBody>;

interface FarmerProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  farmer: Farmer;
  /** Where focus goes when the dialog closes; nothing triggers it, so Radix would leave it lost. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Edit what shoppers see of the farmer: photo and logo, farm name, story and where they farm. */
export function FarmerProfileDialog({
  open,
  onOpenChange,
  farmer,
  onCloseAutoFocus,
}: FarmerProfileDialogProps) {
  const save = useSaveFarmerProfile();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={save.isPending}
      title="Edit your profile"
      description="Shoppers see your photo, your story and where you farm on your farm pages."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {/* Mounted only while open, so every opening starts from the profile as it is now. */}
      <ProfileForm farmer={farmer} save={save} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const imageText = {
  profile: {
    label: 'Profile photo',
    hint: 'A friendly face, or you at work. JPEG, PNG or WebP, at most 5 MB.',
    noun: 'photo',
    stored: 'profileImage',
  },
  logo: {
    label: 'Logo',
    hint: 'Your brand or market-stall sign. A square picture looks best.',
    noun: 'logo',
    stored: 'logo',
  },
} as const satisfies Record<
  FarmerImageKind,
  { label: string; hint: string; noun: string; stored: keyof Farmer }
>;

/** The server names fields by the same paths as the form (`location.country`). */
const serverFields = {
  farmName: 'farmName',
  bio: 'bio',
  'location.city': 'location.city',
  'location.region': 'location.region',
  'location.country': 'location.country',
} as const;

function ProfileForm({
  farmer,
  save,
  onDone,
}: {
  farmer: Farmer;
  save: ReturnType<typeof useSaveFarmerProfile>;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(updateFarmerBody),
    defaultValues: {
      farmName: farmer.farmName,
      bio: farmer.bio,
      location: { ...farmer.location },
    } satisfies ProfileFormValues,
  });
  const errors = formState.errors;
  const images = { profile: useImageChoice(), logo: useImageChoice() };
  const [removing, setRemoving] = useState<Partial<Record<FarmerImageKind, boolean>>>({});

  function changeOf(kind: FarmerImageKind): ImageChange | undefined {
    return images[kind].file ?? (removing[kind] ? 'remove' : undefined);
  }

  const onSubmit = handleSubmit(async (body) => {
    for (const kind of farmerImageOrder) images[kind].setProgress(images[kind].file ? 0 : null);
    try {
      const saved = await save.mutateAsync({
        body,
        images: { profile: changeOf('profile'), logo: changeOf('logo') },
        onImageProgress: (kind, fraction) => images[kind].setProgress(fraction),
      });
      const failure = saved.imageFailure;
      if (failure) {
        for (const kind of farmerImageOrder) images[kind].setProgress(null);
        // The text is saved and so is any image before this one; only this one needs another try.
        for (const kind of failure.done) {
          images[kind].clear();
          setRemoving((current) => ({ ...current, [kind]: false }));
        }
        images[failure.kind].setError(failure.message);
        const { noun } = imageText[failure.kind];
        toast({
          variant: 'destructive',
          title: `Profile saved, ${noun} not ${removing[failure.kind] ? 'removed' : 'uploaded'}`,
          description: failure.message,
        });
        return;
      }
      toast({
        title: saved.message,
        description: 'Shoppers see your changes on your farm pages straight away.',
      });
      onDone();
    } catch (error) {
      for (const kind of farmerImageOrder) images[kind].setProgress(null);
      setServerFieldErrors(error, serverFields, setError);
      toast({
        variant: 'destructive',
        title: 'Your profile was not saved',
        description: messageOrFailedTo(error, 'save your profile'),
      });
    }
  });

  const busy = formState.isSubmitting;

  return (
    <Form onSubmit={onSubmit} className="gap-8">
      <fieldset className="grid gap-6 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-ink">Photos</legend>
        {farmerImageOrder.map((kind) => {
          const image = images[kind];
          const text = imageText[kind];
          const stored = farmer[text.stored];
          const isRemoving = removing[kind] === true;
          return (
            <div key={kind} className="grid content-start gap-2">
              <ImagePicker
                label={text.label}
                hint={text.hint}
                currentUrl={isRemoving ? null : stored}
                file={image.file}
                onFileChange={(file) => {
                  image.choose(file);
                  if (file) setRemoving((current) => ({ ...current, [kind]: false }));
                }}
                progress={image.progress}
                error={image.error}
                disabled={busy}
              />
              {stored && !image.file && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="justify-self-start sm:ml-28"
                  disabled={busy}
                  onClick={() => {
                    image.setError(null);
                    setRemoving((current) => ({ ...current, [kind]: !isRemoving }));
                  }}
                >
                  {isRemoving ? (
                    <Undo2 aria-hidden className="size-4" />
                  ) : (
                    <Trash2 aria-hidden className="size-4" />
                  )}
                  {isRemoving ? `Keep the ${text.noun}` : `Remove the ${text.noun}`}
                </Button>
              )}
            </div>
          );
        })}
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold text-ink">Name and story</legend>
        <TextField
          label="Farm name"
          hint="The name shoppers know you by."
          error={sentence(errors.farmName?.message)}
          autoComplete="organization"
          {...register('farmName')}
        />
        <TextAreaField
          label="About you"
          hint="Who you are, how you farm, what you love growing."
          error={sentence(errors.bio?.message)}
          rows={5}
          {...register('bio')}
        />
        <p className="text-ink-muted text-sm">
          Your name, {farmer.name || 'not set yet'}, belongs to your account: change it in{' '}
          <Link
            to={paths.account}
            className="text-leaf-ink underline underline-offset-4 hover:no-underline"
          >
            account settings
          </Link>
          .
        </p>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold text-ink">Where you farm</legend>
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_8rem]">
          <TextField
            label="Town or city"
            className="content-start"
            error={sentence(errors.location?.city?.message)}
            autoComplete="address-level2"
            {...register('location.city')}
          />
          <TextField
            label="State or region"
            className="content-start"
            error={sentence(errors.location?.region?.message)}
            autoComplete="address-level1"
            {...register('location.region')}
          />
          <TextField
            label="Country code"
            className="content-start"
            hint="Such as US"
            error={sentence(errors.location?.country?.message)}
            autoComplete="country"
            autoCapitalize="characters"
            maxLength={2}
            {...register('location.country')}
          />
        </div>
      </fieldset>

      <DialogFormFooter busy={busy} onCancel={onDone}>
        Save profile
      </DialogFormFooter>
    </Form>
  );
}

/** The shared schema's messages complete a field name ("must be at most 100 characters"). */
function sentence(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const capitalised = `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
