import type { Farm } from '@furrow/domain/api/farms';
import { Globe, Mail, MapPin, Phone, ShoppingBag, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { FarmLogo, farmPlace } from './farm-logo';

/**
 * The top of a farm's public page: who they are, their story, and how to get the food.
 * `farmer` is shown under the story: the person behind the farm, composed in by the page.
 */
export function FarmProfile({ farm, farmer }: { farm: Farm; farmer?: ReactNode }) {
  const address = [
    farm.address.line,
    [farm.address.city, farm.address.region].filter(Boolean).join(', '),
    farm.address.postalCode,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="grid gap-8">
      {farm.cover && (
        // The farm's name is the heading below; the cover is its scenery. It is the largest thing on
        // the first screen, so the browser fetches it before the product photos around it.
        <img
          src={farm.cover}
          alt=""
          fetchPriority="high"
          className="-mb-16 aspect-[12/5] w-full rounded-3xl border border-line object-cover sm:-mb-20"
        />
      )}
      <header
        className={
          farm.cover
            ? 'flex flex-col gap-3 px-4 sm:px-6'
            : 'flex flex-col gap-4 sm:flex-row sm:items-center'
        }
      >
        <FarmLogo
          farm={farm}
          className={cn(
            'size-20 rounded-2xl sm:size-24',
            farm.cover && 'relative border-4 border-surface shadow-md',
          )}
        />
        <div className="grid gap-2">
          <h1 className="font-semibold text-3xl text-ink tracking-tight">{farm.name}</h1>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-ink-muted">
            <span className="flex items-center gap-1">
              <MapPin aria-hidden className="size-4" />
              {farmPlace(farm)}
            </span>
            <span>Farmed by {farm.farmer.name}</span>
          </p>
          {farm.status === 'suspended' && (
            <Badge tone="danger" className="w-fit">
              Suspended: only you and Furrow's admins see this page
            </Badge>
          )}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="farm-story" className="grid content-start gap-3">
          <h2 id="farm-story" className="font-semibold text-ink text-xl">
            Our story
          </h2>
          {farm.description ? (
            farm.description.split(/\n{2,}/).map((paragraph) => (
              <p
                key={paragraph}
                className="max-w-prose whitespace-pre-line text-ink leading-relaxed"
              >
                {paragraph}
              </p>
            ))
          ) : (
            <p className="text-ink-muted">This farm has not told its story yet.</p>
          )}
          {farmer && <div className="mt-3">{farmer}</div>}
        </section>

        <section aria-labelledby="farm-getting" className="grid content-start gap-4">
          <h2 id="farm-getting" className="font-semibold text-ink text-xl">
            Getting your order
          </h2>
          <Card className="grid gap-4 p-5">
            <InfoRow icon={<ShoppingBag aria-hidden className="size-5" />} title="Pickup">
              {farm.pickup.enabled
                ? farm.pickup.instructions || 'Pick up at the farm.'
                : 'No pickup at the farm.'}
            </InfoRow>
            <InfoRow icon={<Truck aria-hidden className="size-5" />} title="Delivery">
              {farm.delivery.enabled
                ? `Delivers within ${farm.delivery.radiusKm} km of the farm.`
                : 'No delivery.'}
            </InfoRow>
            {address && (
              <InfoRow icon={<MapPin aria-hidden className="size-5" />} title="Address">
                {address}
              </InfoRow>
            )}
          </Card>
          {(farm.contact.email || farm.contact.phone || farm.contact.website) && (
            <Card className="grid gap-3 p-5">
              <h3 className="font-semibold text-ink">Contact</h3>
              {farm.contact.email && (
                <ContactLink
                  href={`mailto:${farm.contact.email}`}
                  icon={<Mail aria-hidden className="size-4" />}
                >
                  {farm.contact.email}
                </ContactLink>
              )}
              {farm.contact.phone && (
                <ContactLink
                  href={`tel:${farm.contact.phone.replace(/[^\d+]/g, '')}`}
                  icon={<Phone aria-hidden className="size-4" />}
                >
                  {farm.contact.phone}
                </ContactLink>
              )}
              {farm.contact.website && (
                <ContactLink
                  href={farm.contact.website}
                  icon={<Globe aria-hidden className="size-4" />}
                  external
                >
                  {farm.contact.website.replace(/^https?:\/\//, '')}
                </ContactLink>
              )}
            </Card>
          )}
        </section>
      </div>
    </div>
  );
}

function InfoRow({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 text-leaf-ink">{icon}</span>
      <div className="grid gap-0.5">
        <h3 className="font-medium text-ink">{title}</h3>
        <p className="text-ink-muted text-sm">{children}</p>
      </div>
    </div>
  );
}

function ContactLink({
  href,
  icon,
  external,
  children,
}: {
  href: string;
  icon: ReactNode;
  external?: boolean;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className="flex w-fit items-center gap-2 text-leaf-ink text-sm underline-offset-4 hover:underline"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {icon}
      {children}
    </a>
  );
}

export function FarmProfileSkeleton() {
  return (
    <div className="grid gap-8" aria-busy="true">
      <span className="sr-only">Loading the farm</span>
      <div className="flex items-center gap-4">
        <Skeleton className="size-24 rounded-2xl" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid gap-2">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-5/6" />
          <Skeleton className="h-5 w-4/6" />
        </div>
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    </div>
  );
}
