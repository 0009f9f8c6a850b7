import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { AddToCartButton } from '../../features/cart/add-to-cart-button';
import { toCartProduct } from '../../features/cart/cart-product';
import { ComingUp } from '../../features/events/coming-up';
import { useFarmEvents } from '../../features/events/events-api';
import { FarmerIntro } from '../../features/farmer-profile/farmer-intro';
import { FarmCatalogue } from '../../features/farms/farm-catalogue';
import { FarmProfile, FarmProfileSkeleton } from '../../features/farms/farm-profile';
import { useFarmPage } from '../../features/farms/farms-api';
import { ProductCard } from '../../features/products/product-card';
import { MissingResource } from './missing-resource';

/** A farm's public page: its story, where it is, how to get the food, and what it sells. */
export function FarmScreen() {
  const { id = '' } = useParams();
  const page = useFarmPage(id);
  // The events are asked for beside the farm (whose answer carries its farmer), and the page shows
  // once both have answered: filled in piece by piece, each piece would push down everything under it.
  const events = useFarmEvents(id);
  const ready = page.isPending || events.isPending ? undefined : page.data;
  // The whole page arrives at once; drawn in a deferred render, React yields to the browser between
  // its parts rather than holding the main thread until the last card is made.
  const shown = useDeferredValue(ready);
  return (
    // At least a screen tall, so that the footer stays below the fold while the page loads.
    <div className="mx-auto grid min-h-dvh w-full max-w-6xl content-start gap-12 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${page.data?.farm.name ?? 'Farm'} · Furrow`}</title>
      {page.isError ? (
        <MissingResource
          error={page.error}
          noun="farm"
          goneHint="It may have moved or closed its shop on Furrow."
        />
      ) : !shown ? (
        <FarmPageSkeleton />
      ) : (
        <>
          <FarmProfile
            farm={shown.farm}
            farmer={<FarmerIntro farmer={shown.farmer} farmStory={shown.farm.description} />}
          />
          <ComingUp farmId={shown.farm.id} />
          <FarmCatalogue
            farm={shown.farm}
            first={shown}
            firstAt={page.dataUpdatedAt}
            renderProduct={(product) => (
              <ProductCard
                product={product}
                showFarm={false}
                cartAction={(item, describedBy) => (
                  <AddToCartButton product={toCartProduct(item)} describedBy={describedBy} />
                )}
              />
            )}
          />
        </>
      )}
    </div>
  );
}

function FarmPageSkeleton() {
  return (
    <>
      <FarmProfileSkeleton />
      <div className="grid gap-4" aria-hidden>
        <Skeleton className="h-8 w-64" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
            <Skeleton key={index} className="aspect-[3/4] rounded-2xl" />
          ))}
        </div>
      </div>
    </>
  );
}
