import type { Farm } from '@furrow/domain/api/farms';
import { useQuery } from '@tanstack/react-query';
import { MapPin, Star } from 'lucide-react';
import { memo, useDeferredValue } from 'react';
import { generatePath, Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { api } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { featuredFarmKeys } from '../../lib/query-keys';
import { FarmLogo, farmPlace } from './farm-logo';

/**
 * Farms Furrow's admins chose to feature, near the shopper; absent when there are none (or they
 * fail to load). While they load, a skeleton of the same height holds their place, so the food
 * below does not jump down when they come.
 */
export function FeaturedFarms({ near }: { near: { lat: number; lng: number } }) {
  const featured = useQuery({
    queryKey: [...featuredFarmKeys.all, { lat: near.lat, lng: near.lng }],
    queryFn: ({ signal }) =>
      api
        .get<{ shops: Farm[] }>('/api/farms/featured', {
          signal,
          query: { lat: near.lat, long: near.lng, limit: 6 },
        })
        .then((answer) => answer.shops),
  });
  // Drawn in a transition, as the product grid is: the landing page's answers arrive together, and
  // drawn at once they held a slow phone's main thread in one long task.
  const farms = useDeferredValue(featured.data);
  if (featured.isPending || (featured.isSuccess && farms === undefined)) {
    return <FeaturedFarmsSkeleton />;
  }
  if (!farms || farms.length === 0) return null;
  return (
    <section aria-labelledby="featured-farms" className="grid gap-3">
      <h2 id="featured-farms" className="flex items-center gap-2 font-semibold text-ink text-xl">
        <Star aria-hidden className="size-5 text-harvest" />
        Featured farms
      </h2>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {farms.map((farm) => (
          <li key={farm.id} className="w-60 shrink-0 snap-start">
            <Card className="h-full p-3 transition-colors hover:border-leaf">
              <Link
                to={generatePath(paths.farm, { id: farm.id })}
                className="flex items-center gap-3 rounded-lg"
              >
                <FarmLogo farm={farm} className="size-12" />
                <span className="grid min-w-0 gap-0.5">
                  <span className="truncate font-semibold text-ink">{farm.name}</span>
                  <span className="flex items-center gap-1 text-ink-muted text-sm">
                    <MapPin aria-hidden className="size-3.5 shrink-0" />
                    <span className="truncate">{farmPlace(farm)}</span>
                  </span>
                  <span className="text-ink-muted text-sm">by {farm.farmer.name}</span>
                </span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The section's shape: its heading, then cards of a logo and three lines of text. Memoised, like the
 * product grid's: the farms' arrival draws the section again at once, still with its skeleton.
 */
const FeaturedFarmsSkeleton = memo(function FeaturedFarmsSkeleton() {
  return (
    <div aria-hidden className="grid gap-3">
      <Skeleton className="h-7 w-44" />
      <div className="-mx-4 flex gap-3 overflow-hidden px-4 pb-2 sm:mx-0 sm:px-0">
        {['first', 'second', 'third', 'fourth', 'fifth'].map((key) => (
          <Card key={key} className="flex w-60 shrink-0 items-center gap-3 p-3">
            <Skeleton className="size-12 rounded-xl" />
            <div className="grid flex-1 gap-0.5">
              <Skeleton className="h-6 w-32" />
              <Skeleton className="h-5 w-24" />
              <Skeleton className="h-5 w-28" />
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
});
