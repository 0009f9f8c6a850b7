import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { formatLongDate } from '@furrow/domain/dates';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useCancelSubscription } from './billing-api';

/** Cancelling keeps the farmer's reason; the dialog asks for it and for a second thought. */
export function CancelPlanDialog({ subscription }: { subscription: SubscriptionAnswer }) {
  const { toast } = useToast();
  const cancel = useCancelSubscription(subscription.id);
  const [open, setOpen] = useState(false);

  async function confirm(reason: string) {
    try {
      const answer = await cancel.mutateAsync(reason);
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
    <ConfirmDialog
      trigger={<Button variant="secondary">Cancel plan</Button>}
      open={open}
      onOpenChange={setOpen}
      title={`Cancel your ${subscription.planName} plan?`}
      description={`It stops renewing and your farms stop taking new orders and publishing products${until ? `; your trial would have run until ${formatLongDate(until)}` : ''}. Your products, orders and billing history stay.`}
      cancelLabel="Keep my plan"
      confirmLabel="Cancel plan"
      destructive
      pending={cancel.isPending}
      reason={{
        label: 'Why are you cancelling?',
        hint: 'Kept with your plan.',
        maxLength: 1000,
        required: 'Tell us why you are leaving: it helps us do better.',
      }}
      onConfirm={(reason) => void confirm(reason)}
    />
  );
}
