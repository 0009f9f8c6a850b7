import type { FarmEvent } from '@furrow/domain/api/events';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter, FormDialog } from '../../components/ui/dialog';
import { TextAreaField } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { setServerFieldErrors } from '../../lib/server-field-errors';
import {
  type EventFormField,
  type EventFormValues,
  eventFormDefaults,
  eventFormSchema,
  toEventBody,
} from './event-form';
import { useSaveEvent } from './events-api';

const serverFields: Record<string, EventFormField> = {
  title: 'title',
  description: 'description',
  place: 'place',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
};

interface EventFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  farm: { id: string; name: string; timeZone: string };
  /** The event to edit; absent to add one. */
  event?: FarmEvent | undefined;
}

/** Add or change an event: what, when, where. */
export function EventFormDialog({ open, onOpenChange, farm, event }: EventFormDialogProps) {
  const { toast } = useToast();
  const save = useSaveEvent();
  const { register, handleSubmit, formState, reset, setError } = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: eventFormDefaults(event, farm.timeZone),
  });
  const errors = formState.errors;

  useEffect(() => {
    if (open) reset(eventFormDefaults(event, farm.timeZone));
  }, [open, event, reset, farm.timeZone]);

  async function submit(values: EventFormValues) {
    const body = toEventBody(values, farm.timeZone);
    try {
      const saved = await save.mutateAsync(
        event ? { id: event.id, body } : { body: { ...body, farmId: farm.id } },
      );
      toast({
        title: event ? 'Event updated' : 'Event added',
        description: `${saved.title} shows on ${farm.name}'s page.`,
      });
      onOpenChange(false);
    } catch (error) {
      setServerFieldErrors(error, serverFields, setError);
      toast({
        variant: 'destructive',
        title: 'The event was not saved',
        description: messageOrFailedTo(error, 'save the event'),
      });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={save.isPending}
      title={event ? `Edit ${event.title}` : `New event at ${farm.name}`}
      description="Market days, farm tours, U-pick days: shoppers see them on your farm page and can add them to their calendar."
    >
      <Form onSubmit={handleSubmit(submit)}>
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Starts"
            hint={`On the farm's clock (${farm.timeZone.replaceAll('_', ' ')}).`}
            type="datetime-local"
            error={errors.startsAt?.message}
            {...register('startsAt')}
          />
          <TextField
            label="Ends"
            type="datetime-local"
            error={errors.endsAt?.message}
            {...register('endsAt')}
          />
        </div>
        <TextField
          label="Place"
          hint="Where to find you: “At the farm stand”, “Saturday market, stall 12”."
          error={errors.place?.message}
          {...register('place')}
        />
        <TextAreaField
          label="Description"
          hint="Optional: what to expect, what to bring."
          error={errors.description?.message}
          {...register('description')}
        />
        <DialogFormFooter busy={save.isPending} onCancel={() => onOpenChange(false)}>
          {event ? 'Save event' : 'Add event'}
        </DialogFormFooter>
      </Form>
    </FormDialog>
  );
}
