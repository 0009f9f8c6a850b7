import { Sprout } from 'lucide-react';
import { useParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { AddToCartButton } from '../../features/cart/add-to-cart-button';
import { toCartProduct } from '../../features/cart/cart-product';
import { ComingUp } from '../../features/events/coming-up';
import { FarmerIntro } from '../../features/farmer-profile/farmer-intro';
import { FarmProfile, FarmProfileSkeleton } from '../../features/farms/farm-profile';
import { useFarmPage } from '../../features/farms/farms-api';
import { ProductCard } from '../../features/products/product-card';
import { MissingResource } from './missing-resource';

/** A farm's public page: its story, where it is, how to get the food, and what it sells. */
export function FarmScreen() {
  const { id = '' } = useParams();
  const page = useFarmPage(id);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${page.data?.farm.name ?? 'Farm'} · Furrow`}</title>
      {page.isPending ? (
        <FarmProfileSkeleton />
      ) : page.isError ? (
        <MissingResource
          error={page.error}
          noun="farm"
          goneHint="It may have moved or closed its shop on Furrow."
        />
      ) : (
        <>
          <FarmProfile
            farm={page.data.farm}
            farmer={
              <FarmerIntro
                farmerId={page.data.farm.farmerId}
                farmStory={page.data.farm.description}
              />
            }
          />
          <ComingUp farmId={page.data.farm.id} />
          <section aria-labelledby="farm-products" className="grid gap-4">
            <h2 id="farm-products" className="font-semibold text-2xl text-ink">
              For sale at {page.data.farm.name}
            </h2>
            {page.data.products.length === 0 ? (
              <Card className="flex items-center gap-3 p-6 text-ink-muted">
                <Sprout aria-hidden className="size-5 text-leaf-ink" />
                Nothing listed right now. Check back after the next harvest.
              </Card>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
                {page.data.products.map((product) => (
                  <li key={product.id} className="min-w-0">
                    <ProductCard
                      product={product}
                      cartAction={(item, describedBy) => (
                        <AddToCartButton product={toCartProduct(item)} describedBy={describedBy} />
                      )}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
