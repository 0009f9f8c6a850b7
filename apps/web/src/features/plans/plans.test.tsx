import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { plans } from '@furrow/domain/plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths';
import { farmer } from '../../test-fixtures';
import { notifications, renderRoutes } from '../../test-utils';
import { PlanChooser } from './plan-chooser';
import { PlanPanel } from './plan-panel';

const farmId = '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c';

function subscription(overrides: Partial<SubscriptionAnswer> = {}): SubscriptionAnswer {
  return {
    id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
    farmerId: farmer.id,
    planId: 'basic',
    planName: 'Basic',
    status: 'trial',
    startDate: '2026-11-23T12:00:00.000Z',
    endDate: '2027-11-23T12:00:00.000Z',
    trialEndsAt: '2026-12-07T12:00:00.000Z',
    nextBillingDate: '2026-12-08T12:00:00.000Z',
    price: 7.5,
    billingCycle: 'annual',
    features: [],
    autoRenew: true,
    paymentMethod: null,
    discountCode: null,
    cancelReason: null,
    upgradePath: ['pro'],
    usageStats: {
      totalProducts: 0,
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

/** Answers by method and path, so that parallel queries do not depend on their order. */
function stubApi(answers: Record<string, { status?: number; body: unknown }>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const answer = answers[key];
    if (!answer) throw new Error(`No answer for ${key}`);
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.useRealTimers());

function renderChooser(withFarm = true) {
  renderRoutes(
    [
      { path: paths.farmerPlans, element: <PlanChooser farmId={withFarm ? farmId : undefined} /> },
      { path: paths.farmerDashboard, element: <p>The dashboard</p> },
    ],
    paths.farmerPlans,
    { toaster: true },
  );
  return userEvent.setup();
}

describe('PlanChooser', () => {
  it('prices the three plans monthly, then annually with the saving, and recommends Basic', async () => {
    stubApi({
      'GET /api/plans': { body: { plans } },
      'GET /api/subscriptions/current': { body: { subscription: null } },
    });
    const user = renderChooser();
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(
      screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby')),
    ).toEqual(['plan-starter', 'plan-basic', 'plan-pro']);
    expect(within(basic).getByText('Recommended')).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Starter' })).queryByText('Recommended'),
    ).toBeNull();
    expect(within(basic).getByText('$9.99')).toBeVisible();
    expect(within(basic).getByText('Up to 25 products')).toBeVisible();
    expect(within(basic).getByText('500 MB of photo storage')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Annual' }));
    expect(within(basic).getByText('$90.00')).toBeVisible();
    expect(within(basic).getByText('Save $29.88 a year (25%)')).toBeVisible();
    const starter = screen.getByRole('article', { name: 'Starter' });
    expect(within(starter).getByText('Save $26.88 a year (37%)')).toBeVisible();
  });

  it('starts the free trial on the cycle chosen, then goes to the dashboard with a toast', async () => {
    const fetchMock = stubApi({
      'GET /api/plans': { body: { plans } },
      'GET /api/subscriptions/current': { body: { subscription: null } },
      'POST /api/subscriptions': {
        status: 201,
        body: { message: 'Trial started', subscription: subscription() },
      },
    });
    const user = renderChooser();
    await user.click(await screen.findByRole('radio', { name: 'Annual' }));
    const basic = screen.getByRole('article', { name: 'Basic' });
    await user.click(within(basic).getByRole('button', { name: 'Start 14-day free trial' }));

    expect(await screen.findByText('The dashboard')).toBeVisible();
    expect((await notifications()).getByText('Your free trial has started')).toBeVisible();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      planId: 'basic',
      billingCycle: 'annual',
    });
  });

  it('offers card payment only to a farmer with a farm', async () => {
    stubApi({
      'GET /api/plans': { body: { plans } },
      'GET /api/subscriptions/current': { body: { subscription: null } },
    });
    renderChooser(false);
    await screen.findByRole('article', { name: 'Basic' });
    expect(screen.getAllByRole('button', { name: 'Start 14-day free trial' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
  });

  it('marks the plan held and offers no way to start another', async () => {
    stubApi({
      'GET /api/plans': { body: { plans } },
      'GET /api/subscriptions/current': { body: { subscription: subscription() } },
    });
    renderChooser();
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(within(basic).getByText('Your plan')).toBeVisible();
    expect(screen.queryByRole('button', { name: /free trial|Pay by card/ })).toBeNull();
  });
});

function renderPanel(path: string = paths.farmerDashboard) {
  return renderRoutes([{ path: paths.farmerDashboard, element: <PlanPanel /> }], path, {
    toaster: true,
  });
}

describe('PlanPanel', () => {
  it('sends a farmer without a plan to the plans', async () => {
    stubApi({ 'GET /api/subscriptions/current': { body: { subscription: null } } });
    renderPanel();
    expect(
      await screen.findByRole('heading', { name: 'Choose a plan to publish products' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      paths.farmerPlans,
    );
  });

  it('counts down a trial to its end in US long format', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T18:00:00Z'), toFake: ['Date'] });
    stubApi({ 'GET /api/subscriptions/current': { body: { subscription: subscription() } } });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Basic plan, annual' })).toBeVisible();
    expect(screen.getByText('Trial ends December 7, 2026 (7 days left)')).toBeVisible();
  });

  it("names the products the plan's limit hides, and the way to bring them back", async () => {
    stubApi({
      'GET /api/subscriptions/current': {
        body: {
          subscription: subscription({ status: 'active', planId: 'starter', planName: 'Starter' }),
          hiddenByPlan: [
            {
              id: '5b1f7e0a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
              name: 'Squash 11',
              farmId: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c',
              farmName: 'Green Acres',
            },
          ],
        },
      },
    });
    renderPanel();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('1 product is hidden from your shop');
    expect(notice).toHaveTextContent('Your Starter plan shows up to 10 products');
    expect(notice).toHaveTextContent('Squash 11 (Green Acres)');
  });

  it('gives an active plan its next billing date', async () => {
    stubApi({
      'GET /api/subscriptions/current': {
        body: {
          subscription: subscription({
            status: 'active',
            planName: 'Professional',
            planId: 'pro',
            billingCycle: 'monthly',
            nextBillingDate: '2027-01-08T12:00:00.000Z',
          }),
        },
      },
    });
    renderPanel();
    expect(
      await screen.findByRole('heading', { name: 'Professional plan, monthly' }),
    ).toBeVisible();
    expect(screen.getByText('Next billing date: January 8, 2027')).toBeVisible();
  });

  it('warns of a plan past due', async () => {
    stubApi({
      'GET /api/subscriptions/current': {
        body: { subscription: subscription({ status: 'past_due' }) },
      },
    });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your Basic plan is past due');
  });

  it('says once that the checkout succeeded, and drops the parameter', async () => {
    stubApi({ 'GET /api/subscriptions/current': { body: { subscription: subscription() } } });
    const { router } = renderPanel(`${paths.farmerDashboard}?checkout=success`);
    expect(await (await notifications()).findByText('Payment details saved')).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
