import type { Farm } from '@furrow/domain/api/farms';
import { ExternalLink, MapPin, Pencil, Sprout, Tractor } from 'lucide-react';
import { generatePath, Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { preloadsOnIntent } from '../../components/ui/lazy-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { FarmFormDialog } from './farm-form-dialog-on-demand';
import { FarmLogo, farmPlace } from './farm-logo';

interface FarmListProps {
  farms: Farm[];
  selectedId: string | undefined;
  onSelect: (farm: Farm) => void;
  onEdit: (farm: Farm) => void;
}

/** The farmer's farms as cards; the selected one's products show below the list. */
export function FarmList({ farms, selectedId, onSelect, onEdit }: FarmListProps) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {farms.map((farm) => {
        const selected = farm.id === selectedId;
        return (
          <li key={farm.id}>
            <Card
              className={cn(
                'flex h-full flex-col gap-4 p-4',
                selected && 'border-leaf ring-2 ring-leaf/40',
              )}
            >
              <div className="flex items-start gap-3">
                <FarmLogo farm={farm} className="size-14" />
                <div className="grid min-w-0 gap-1">
                  <h3 className="truncate font-semibold text-ink text-lg">{farm.name}</h3>
                  <p className="flex items-center gap-1 text-ink-muted text-sm">
                    <MapPin aria-hidden className="size-4 shrink-0" />
                    <span className="truncate">{farmPlace(farm)}</span>
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Badge tone="leaf">
                      {farm.productCount} {farm.productCount === 1 ? 'product' : 'products'}
                    </Badge>
                    {farm.status === 'suspended' && <Badge tone="danger">Suspended</Badge>}
                  </div>
                </div>
              </div>
              {farm.status === 'suspended' && (
                <p role="status" className="rounded-lg bg-danger-soft p-3 text-ink text-sm">
                  <span className="font-medium text-danger">Suspended by Furrow.</span> Shoppers
                  cannot find or order from this farm.
                  {farm.suspendedReason && ` Reason: ${farm.suspendedReason}`} Reply to our e-mail
                  to talk it over.
                </p>
              )}
              <div className="mt-auto flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant={selected ? 'primary' : 'secondary'}
                  aria-pressed={selected}
                  aria-label={`Products of ${farm.name}`}
                  onClick={() => onSelect(farm)}
                >
                  <Sprout aria-hidden className="size-4" />
                  Products
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Edit ${farm.name}`}
                  {...preloadsOnIntent(FarmFormDialog)}
                  onClick={() => onEdit(farm)}
                >
                  <Pencil aria-hidden className="size-4" />
                  Edit
                </Button>
                <Button size="sm" variant="ghost" asChild>
                  <Link
                    to={generatePath(paths.farm, { id: farm.id })}
                    aria-label={`Public page of ${farm.name}`}
                  >
                    <ExternalLink aria-hidden className="size-4" />
                    Public page
                  </Link>
                </Button>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

export function FarmListSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      <span className="sr-only">Loading your farms</span>
      {[0, 1].map((key) => (
        <Card key={key} className="flex gap-3 p-4">
          <Skeleton className="size-14 rounded-xl" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-8 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** What a new farmer sees first: one clear next step. */
export function FirstFarmEmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <Card className="grid justify-items-start gap-4 p-6 sm:p-8">
      <span className="flex size-12 items-center justify-center rounded-full bg-leaf-soft text-leaf-ink">
        <Tractor aria-hidden className="size-6" />
      </span>
      <div className="grid gap-2">
        <h3 className="font-semibold text-ink text-xl">Set up your first farm</h3>
        <p className="max-w-prose text-ink-muted">
          Tell shoppers who you are, where your farm is and how they can pick up their orders. Then
          add what you grow: shoppers nearby find it on Furrow straight away.
        </p>
      </div>
      <Button {...preloadsOnIntent(FarmFormDialog)} onClick={onCreate}>
        <Sprout aria-hidden className="size-4" />
        Create your farm
      </Button>
    </Card>
  );
}
