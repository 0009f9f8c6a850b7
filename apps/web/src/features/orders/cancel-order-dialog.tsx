import type { Order } from '@furrow/domain/api/orders';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
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
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="text-danger">
          Cancel order
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title={`Cancel order ${order.number}?`}
      description={`${order.farm.name} will not prepare it, and what you ordered goes back on sale.`}
      cancelLabel="Keep it"
      confirmLabel="Cancel order"
      destructive
      pending={cancel.isPending}
      onConfirm={confirm}
    />
  );
}
