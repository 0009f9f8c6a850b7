import type { Farm } from '@furrow/domain/api/farms';
import { thumbnailUrl } from '@furrow/domain/images';
import { Tractor } from 'lucide-react';
import { cn } from '../../lib/cn';

// Apart from the farmer's farm list: the landing page's featured farms show these, and need none of
// the list's editing controls.

export function FarmLogo({ farm, className }: { farm: Pick<Farm, 'logo'>; className?: string }) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-leaf-soft text-leaf-ink',
        className,
      )}
    >
      {farm.logo ? (
        <img src={thumbnailUrl(farm.logo)} alt="" className="size-full object-cover" />
      ) : (
        <Tractor aria-hidden className="size-1/2" />
      )}
    </span>
  );
}

export function farmPlace(farm: Farm): string {
  const place = [farm.address.city, farm.address.region].filter(Boolean).join(', ');
  return place || `${farm.location.lat.toFixed(3)}, ${farm.location.lng.toFixed(3)}`;
}
