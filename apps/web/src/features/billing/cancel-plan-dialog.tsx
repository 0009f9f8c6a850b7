import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { formatLongDate } from '@furrow/domain/dates';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { TextAreaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useCancelSubscription } from './billing-api';

/** Spec 4: cancelling keeps a reason; the dialog asks for it and for a second thought. */
export function CancelPlanDialog({ subscription }: { subscription: SubscriptionAnswer }) {
  const { toast } = useToast();
  const cancel = useCancelSubscription(subscription.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  function openDialog(next: boolean) {
    if (cancel.isPending) return;
    setOpen(next);
    if (next) {
      setReason('');
      setReasonError(undefined);
    }
  }

  async function confirm() {
    if (reason.trim() === '') {
      setReasonError('Tell us why you are leaving: it helps us do better.');
      return;
    }
    try {
      const answer = await cancel.mutateAsync(reason.trim());
      toast({
        title: answer.message,
        description: 'It no longer renews. You can choose a plan again at any time.',
      });
      setOpen(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The plan was not cancelled',
        description: messageOrFailedTo(error, 'cancel the plan'),
      });
    }
  }

  const until = subscription.status === 'trial' ? subscription.trialEndsAt : null;
  return (
    <Dialog open={open} onOpenChange={openDialog}>
      <DialogTrigger asChild>
        <Button variant="secondary">Cancel plan</Button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Cancel your {subscription.planName} plan?</DialogTitle>
          <DialogDescription>
            It stops renewing and your farms stop taking new orders and publishing products
            {until ? `; your trial would have run until ${formatLongDate(until)}` : ''}. Your
            products, orders and billing history stay.
          </DialogDescription>
        </DialogHeader>
        <TextAreaField
          label="Why are you cancelling?"
          hint="Kept with your plan."
          value={reason}
          maxLength={1000}
          error={reasonError}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
        <DialogFooter>
          <Button variant="secondary" onClick={() => openDialog(false)} disabled={cancel.isPending}>
            Keep my plan
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} loading={cancel.isPending}>
            Cancel plan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
