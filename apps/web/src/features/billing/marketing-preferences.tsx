import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { Card } from '../../components/ui/card';
import { CheckboxField } from '../../components/ui/field';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import {
  type MarketingPreferences as Preferences,
  useUpdateMarketingPreferences,
} from './billing-api';

const choices: { key: keyof Preferences; label: string }[] = [
  { key: 'emailNotifications', label: 'E-mails about my plan, payments and orders' },
  { key: 'smsNotifications', label: 'Text messages about my plan and payments' },
  { key: 'promotionalEmails', label: 'Offers and news from Furrow' },
  { key: 'marketingInsights', label: 'A monthly e-mail of insights on my farm’s visits and sales' },
];

/** Which messages the farmer wants; each box saves as it is ticked. */
export function MarketingPreferences({ subscription }: { subscription: SubscriptionAnswer }) {
  const { toast } = useToast();
  const update = useUpdateMarketingPreferences(subscription.id);
  // While a change saves (and the plan is read again), the box shows what was asked for.
  const shown = update.isPending
    ? { ...subscription.marketingPreferences, ...update.variables }
    : subscription.marketingPreferences;

  async function toggle(key: keyof Preferences, checked: boolean) {
    try {
      await update.mutateAsync({ [key]: checked });
      toast({ title: 'Preferences saved' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Your preferences were not saved',
        description: messageOrFailedTo(error, 'save your preferences'),
      });
    }
  }

  return (
    <Card className="grid content-start gap-4 p-6">
      <fieldset className="grid content-start gap-3">
        <legend className="mb-2 font-semibold text-ink text-xl">Messages from Furrow</legend>
        {choices.map(({ key, label }) => (
          <CheckboxField
            key={key}
            label={label}
            checked={shown[key]}
            disabled={update.isPending}
            onChange={(event) => void toggle(key, event.target.checked)}
          />
        ))}
      </fieldset>
    </Card>
  );
}
