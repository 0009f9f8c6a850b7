import type { FarmEvent } from '@furrow/domain/api/events';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useDeleteEvent } from './events-api';

export function DeleteEventDialog({
  event,
  onOpenChange,
}: {
  event: FarmEvent | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { toast } = useToast();
  const remove = useDeleteEvent();

  async function confirm() {
    if (!event) return;
    try {
      await remove.mutateAsync(event);
      toast({ title: 'Event removed', description: `${event.title} no longer shows.` });
      onOpenChange(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The event was not removed',
        description: messageOrFailedTo(error, 'remove the event'),
      });
    }
  }

  return (
    <ConfirmDialog
      open={event !== null}
      onOpenChange={onOpenChange}
      title={<>Remove {event?.title}?</>}
      description="It disappears from your farm page. Shoppers who added it to their calendar keep their copy, so let them know if it is cancelled."
      cancelLabel="Keep it"
      confirmLabel="Remove event"
      confirmIcon={<Trash2 aria-hidden className="size-4" />}
      destructive
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
