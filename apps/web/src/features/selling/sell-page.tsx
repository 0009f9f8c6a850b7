import { formatUsd } from '@furrow/domain/money';
import { formatStorage, plans, TRIAL_DAYS } from '@furrow/domain/plans';
import { CalendarCheck, Check, HandCoins, PackageCheck, Store, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

const steps: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <Store aria-hidden className="size-6" />,
    title: 'Open your farm',
    text: 'Add your farm’s story and logo, where shoppers pick up and how far you deliver.',
  },
  {
    icon: <PackageCheck aria-hidden className="size-6" />,
    title: 'List what you grow',
    text: 'Photos, prices per pound, bunch or dozen, and stock you update from the field. Take pre-orders for what is still growing.',
  },
  {
    icon: <CalendarCheck aria-hidden className="size-6" />,
    title: 'Set pickup windows',
    text: 'Weekly farm-stand hours or a market stall, with a cap on orders per window if you want one.',
  },
  {
    icon: <Truck aria-hidden className="size-6" />,
    title: 'Fill orders',
    text: 'Orders arrive by e-mail and on your board; a pick list tells you what to harvest. Mark them ready and shoppers are told.',
  },
  {
    icon: <HandCoins aria-hidden className="size-6" />,
    title: 'Get paid',
    text: 'Shoppers pay at pickup or by card straight to your own account. Furrow takes no commission, only your plan.',
  },
];

/** What selling on Furrow involves, the three plans and the way in: for guests and shoppers. */
export function SellPage({ signUpTo }: { signUpTo: string }) {
  return (
    <div className="grid gap-12">
      <section
        aria-labelledby="sell-heading"
        className="grid gap-4 rounded-3xl bg-leaf-soft px-5 py-8 sm:px-10 sm:py-12"
      >
        <p className="font-semibold text-harvest-ink text-sm uppercase tracking-wider">
          For farmers
        </p>
        <h1 id="sell-heading" className="max-w-2xl font-semibold text-4xl text-ink tracking-tight">
          Sell what you grow to people who live nearby
        </h1>
        <p className="max-w-2xl text-ink-muted text-lg">
          Furrow shows your products to shoppers within 50 km, takes their orders and pre-orders,
          and tells you what to harvest. Every plan starts with a {TRIAL_DAYS}-day free trial; no
          card needed to start.
        </p>
        <div className="flex flex-wrap gap-3">
          <StartSelling to={signUpTo} />
          <Link
            to="#plans"
            className="inline-flex h-10 items-center rounded-lg border border-line-strong bg-surface px-4 font-medium text-ink hover:bg-sunken"
          >
            See the plans
          </Link>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="grid gap-6">
        <h2 id="how-heading" className="font-semibold text-2xl text-ink">
          How selling works
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map((step, index) => (
            <li key={step.title}>
              <Card className="grid h-full content-start gap-2 p-4">
                <span className="flex items-center gap-2 text-leaf-ink">
                  {step.icon}
                  <span className="font-semibold text-ink-muted text-sm">Step {index + 1}</span>
                </span>
                <h3 className="font-semibold text-ink">{step.title}</h3>
                <p className="text-ink-muted text-sm">{step.text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section id="plans" aria-labelledby="plans-heading" className="grid gap-6">
        <div className="grid gap-1">
          <h2 id="plans-heading" className="font-semibold text-2xl text-ink">
            Plans
          </h2>
          <p className="text-ink-muted">
            Pay monthly, or yearly and save. Change or cancel any time; the trial lasts {TRIAL_DAYS}{' '}
            days and the first charge comes the day after it ends.
          </p>
        </div>
        <ul className="grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.id}>
              <Card
                aria-labelledby={`plan-${plan.id}`}
                className={cn(
                  'grid h-full content-start gap-3 p-5',
                  plan.recommended && 'border-2 border-leaf',
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 id={`plan-${plan.id}`} className="font-semibold text-ink text-xl">
                    {plan.name}
                  </h3>
                  {plan.recommended && <Badge tone="leaf">Recommended</Badge>}
                </div>
                <p>
                  <span className="font-semibold text-3xl text-ink">
                    {formatUsd(plan.monthlyPriceCents)}
                  </span>{' '}
                  <span className="text-ink-muted">a month</span>
                </p>
                <p className="text-ink-muted text-sm">
                  or {formatUsd(plan.annualPriceCents)} a year
                </p>
                <p className="text-ink-muted text-sm">{plan.description}</p>
                <ul className="grid gap-1.5 text-sm">
                  {[...plan.popularFeatures, `${formatStorage(plan.storageLimit)} of photos`].map(
                    (line) => (
                      <li key={line} className="flex gap-2">
                        <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-leaf" />
                        {line}
                      </li>
                    ),
                  )}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
        <StartSelling to={signUpTo} className="justify-self-start" />
      </section>
    </div>
  );
}

function StartSelling({ to, className }: { to: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex h-10 items-center rounded-lg bg-leaf px-4 font-semibold text-white hover:bg-leaf-ink',
        className,
      )}
    >
      Start selling
    </Link>
  );
}
