import type { Order } from '@furrow/domain/api/orders';
import { CANCEL_REASON_MAX_LENGTH } from '@furrow/domain/api/orders';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { TextAreaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useMoveOrder } from './farm-orders-api';

/** Cancelling for the farm: the customer is told why, so the reason is asked for. */
export function CancelWithReasonDialog({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const move = useMoveOrder();
  const { toast } = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Tell the customer why the order is cancelled');
      return;
    }
    move.mutate(
      { id: order.id, status: 'cancelled', reason: reason.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
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
    <Dialog open={open} onOpenChange={(next) => !move.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" className="text-danger">
          Cancel order
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel order {order.number}?</DialogTitle>
          <DialogDescription>
            {order.customer.name} gets an e-mail with your reason, and the stock goes back on sale.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextAreaField
            label="Reason for the customer"
            value={reason}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <DialogFormFooter busy={move.isPending} onCancel={() => setOpen(false)}>
            Cancel order
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
