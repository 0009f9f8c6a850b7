import type { Order } from '@furrow/domain/api/orders';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useCancelOrder } from './orders-api';

/** Asks before cancelling: the farm may already be picking the order. */
export function CancelOrderDialog({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder();
  const { toast } = useToast();

  function confirm() {
    cancel.mutate(
      { id: order.id },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: `Order ${order.number} cancelled`,
            description: `${order.farm.name} will not prepare it.`,
          });
        },
        onError: (error) =>
          toast({
            title: 'The order was not cancelled',
            description: messageOrFailedTo(error, 'cancel the order'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="text-danger">
          Cancel order
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Cancel order {order.number}?</DialogTitle>
          <DialogDescription>
            {order.farm.name} will not prepare it, and what you ordered goes back on sale.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={cancel.isPending}>
              Keep it
            </Button>
          </DialogClose>
          <Button variant="destructive" loading={cancel.isPending} onClick={confirm}>
            Cancel order
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
