import type { Order } from '@furrow/domain/api/orders';
import { CANCEL_REASON_MAX_LENGTH } from '@furrow/domain/api/orders';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useMoveOrder } from './farm-orders-api';

/** Cancelling for the farm: the customer is told why, so the reason is asked for. */
export function CancelWithReasonDialog({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const move = useMoveOrder();
  const { toast } = useToast();

  function confirm(reason: string) {
    move.mutate(
      { id: order.id, status: 'cancelled', reason },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: `Order ${order.number} cancelled`,
            description: `${order.customer.name} is told why, and the stock is back on sale.`,
          });
        },
        onError: (failure) =>
          toast({
            title: 'The order was not cancelled',
            description: messageOrFailedTo(failure, 'cancel the order'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" className="text-danger">
          Cancel order
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      role="dialog"
      title={`Cancel order ${order.number}?`}
      description={`${order.customer.name} gets an e-mail with your reason, and the stock goes back on sale.`}
      confirmLabel="Cancel order"
      pending={move.isPending}
      reason={{
        label: 'Reason for the customer',
        maxLength: CANCEL_REASON_MAX_LENGTH,
        required: 'Tell the customer why the order is cancelled',
      }}
      onConfirm={confirm}
    />
  );
}
