import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { useState } from 'react';
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
  // A box shows what the farmer asked for at once, not when the plan has been read again; a change
  // the server refused goes back to what it holds.
  const [asked, setAsked] = useState<Partial<Preferences>>({});
  const shown = { ...subscription.marketingPreferences, ...asked };

  async function toggle(key: keyof Preferences, checked: boolean) {
    setAsked((current) => ({ ...current, [key]: checked }));
    try {
      await update.mutateAsync({ [key]: checked });
      toast({ title: 'Preferences saved' });
    } catch (error) {
      setAsked(({ [key]: _refused, ...rest }) => rest);
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
