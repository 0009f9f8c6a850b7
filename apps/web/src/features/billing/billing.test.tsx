import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths';
import { farmer } from '../../test-fixtures';
import { notifications, renderRoutes } from '../../test-utils';
import { MarketingPreferences } from './marketing-preferences';
import { PlanSummary } from './plan-summary';
import { UsageMeters } from './usage-meters';

const id = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

function subscription(overrides: Partial<SubscriptionAnswer> = {}): SubscriptionAnswer {
  return {
    id,
    farmerId: farmer.id,
    planId: 'pro',
    planName: 'Professional',
    status: 'active',
    startDate: '2026-04-23T12:00:00.000Z',
    endDate: '2026-12-08T12:00:00.000Z',
    trialEndsAt: '2026-05-07T12:00:00.000Z',
    nextBillingDate: '2026-12-08T12:00:00.000Z',
    price: 14.99,
    billingCycle: 'monthly',
    features: [],
    autoRenew: true,
    paymentMethod: 'card',
    discountCode: null,
    cancelReason: null,
    upgradePath: [],
    usageStats: {
      totalProducts: 25,
      storageUsed: 0,
      apiCalls: 0,
      lastUpdated: '2026-11-23T12:00:00.000Z',
      marketingEmails: 0,
      customDomainUsage: 0,
      analyticsUsage: { views: 0, conversions: 0, revenue: 0 },
    },
    marketingPreferences: {
      emailNotifications: true,
      smsNotifications: false,
      promotionalEmails: false,
      marketingInsights: false,
    },
    scheduledChange: null,
    ...overrides,
  };
}

/** Answers each POST with `answer`, and records what was sent. */
function stubPost(answer: { status?: number; body: unknown }) {
  const fetchMock = vi.fn<typeof fetch>(async () =>
    Response.json(answer.body, { status: answer.status ?? 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof stubPost>) {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return { url: String(call?.[0]), body: JSON.parse(String(call?.[1]?.body)) };
}

function renderSummary(held: SubscriptionAnswer) {
  renderRoutes(
    [{ path: paths.farmerBilling, element: <PlanSummary subscription={held} /> }],
    paths.farmerBilling,
    { toaster: true },
  );
  return userEvent.setup();
}

describe('PlanSummary', () => {
  it('schedules a move down for the end of the paid period, as the server applies it', async () => {
    const fetchMock = stubPost({
      body: {
        message: 'You move to Starter on December 8, 2026, when your paid period ends',
        subscription: subscription({
          scheduledChange: { planId: 'starter', billingCycle: 'monthly', from: null },
        }),
      },
    });
    const user = renderSummary(subscription());
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getByText('Trial ended')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your plan' });
    expect(within(dialog).getByRole('button', { name: 'Change plan' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /^Starter: \$5\.99 a month/ }));
    expect(
      within(dialog).getByText(
        /A smaller plan starts when the period you paid for ends, on December 8, 2026/,
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule change' }));

    expect(
      await (await notifications()).findByText(
        'You move to Starter on December 8, 2026, when your paid period ends',
      ),
    ).toBeVisible();
    expect(sent(fetchMock)).toEqual({
      url: `/api/subscriptions/${id}/change-plan`,
      body: { planId: 'starter', billingCycle: 'monthly' },
    });
  });

  it('moves up at once, and on a trial keeps the trial going', async () => {
    stubPost({ body: { message: 'You are now on Professional', subscription: subscription() } });
    const user = renderSummary(
      subscription({
        planId: 'basic',
        planName: 'Basic',
        status: 'trial',
        trialEndsAt: '2099-01-01T00:00:00.000Z',
      }),
    );
    expect(screen.getByText('Trial ends')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your plan' });
    await user.click(within(dialog).getByRole('radio', { name: 'Annual' }));
    await user.click(
      within(dialog).getByRole('radio', { name: /^Professional: \$145\.00 a year/ }),
    );
    expect(within(dialog).getByText('Your trial continues on the new plan.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await (await notifications()).findByText('You are now on Professional')).toBeVisible();
  });

  it('cancels only with a reason, after asking', async () => {
    const fetchMock = stubPost({
      body: {
        message: 'Your plan is cancelled',
        subscription: subscription({ status: 'cancelled', cancelReason: 'Too small a harvest' }),
      },
    });
    const user = renderSummary(subscription());
    await user.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your Professional plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(within(dialog).getByText(/Tell us why you are leaving/)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(
      within(dialog).getByLabelText('Why are you cancelling?'),
      'Too small a harvest',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await (await notifications()).findByText('Your plan is cancelled')).toBeVisible();
    expect(sent(fetchMock)).toEqual({
      url: `/api/subscriptions/${id}/cancel`,
      body: { reason: 'Too small a harvest' },
    });
  });

  it('shows a cancelled plan with its reason and the way back', () => {
    renderSummary(
      subscription({
        status: 'cancelled',
        cancelReason: 'Closing for winter',
        nextBillingDate: null,
      }),
    );
    expect(screen.getByText('Cancelled')).toBeVisible();
    expect(screen.getByText('You told us: “Closing for winter”')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose a new plan' })).toHaveAttribute(
      'href',
      paths.farmerPlans,
    );
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });
});

describe('UsageMeters', () => {
  it('measures products, storage and API calls against the plan and says when a limit is reached', () => {
    renderRoutes(
      [
        {
          path: paths.farmerBilling,
          element: (
            <UsageMeters
              subscription={subscription({
                planId: 'starter',
                usageStats: {
                  ...subscription().usageStats,
                  totalProducts: 10,
                  storageUsed: 50 * 1024 * 1024,
                  apiCalls: 1234,
                },
              })}
            />
          ),
        },
      ],
      paths.farmerBilling,
    );
    expect(screen.getByText('10 of 10')).toBeVisible();
    expect(screen.getByText('50 MB of 200 MB')).toBeVisible();
    expect(screen.getByText('1,234 of 5,000')).toBeVisible();
    expect(screen.getAllByText('Limit reached')).toHaveLength(1);
  });
});

describe('MarketingPreferences', () => {
  function renderPreferences() {
    renderRoutes(
      [
        {
          path: paths.farmerBilling,
          element: <MarketingPreferences subscription={subscription()} />,
        },
      ],
      paths.farmerBilling,
      { toaster: true },
    );
    return userEvent.setup();
  }

  it('shows a ticked box at once and saves it', async () => {
    let answer: (value: Response) => void = () => {};
    const fetchMock = vi.fn<typeof fetch>(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = renderPreferences();
    const offers = screen.getByRole('checkbox', { name: 'Offers and news from Furrow' });
    await user.click(offers);
    // Still waiting for the server, the box already shows the farmer's choice.
    expect(offers).toBeChecked();
    answer(Response.json({ subscription: subscription() }));
    expect(await (await notifications()).findByText('Preferences saved')).toBeVisible();
    expect(offers).toBeChecked();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      promotionalEmails: true,
    });
  });

  it('puts a box back when the server refuses the change', async () => {
    stubPost({ status: 500, body: { error: 'INTERNAL', message: 'Something went wrong' } });
    const user = renderPreferences();
    const offers = screen.getByRole('checkbox', { name: 'Offers and news from Furrow' });
    await user.click(offers);
    expect(
      await (await notifications()).findByText('Your preferences were not saved'),
    ).toBeVisible();
    expect(offers).not.toBeChecked();
  });
});
