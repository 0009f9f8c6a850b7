import type { FarmEvent } from '@furrow/domain/api/events';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
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
    <Dialog open={event !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Remove {event?.title}?</DialogTitle>
          <DialogDescription>
            It disappears from your farm page. Shoppers who added it to their calendar keep their
            copy, so let them know if it is cancelled.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={remove.isPending}
          >
            Keep it
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} loading={remove.isPending}>
            {!remove.isPending && <Trash2 aria-hidden className="size-4" />}
            Remove event
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
