import type { Product } from '@furrow/domain/api/products';
import { Sprout } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useToast } from '../../components/ui/use-toast';
import { FarmerIntro } from '../../features/farmer-profile/farmer-intro';
import { FarmProfile, FarmProfileSkeleton } from '../../features/farms/farm-profile';
import { useFarmPage } from '../../features/farms/farms-api';
import { ProductCard } from '../../features/products/product-card';
import { ApiError } from '../../lib/api-client';
import { paths } from '../paths';

/** A farm's public page: its story, where it is, how to get the food, and what it sells. */
export function FarmScreen() {
  const { id = '' } = useParams();
  const page = useFarmPage(id);
  const { toast } = useToast();

  // Until the cart feature lands, adding only confirms with a toast (as on the landing page).
  function addToCart(product: Product) {
    toast({ title: 'Added to cart', description: product.name });
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${page.data?.farm.name ?? 'Farm'} · Furrow`}</title>
      {page.isPending ? (
        <FarmProfileSkeleton />
      ) : page.isError ? (
        <FarmMissing error={page.error} />
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
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {page.data.products.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} onAddToCart={addToCart} />
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

function FarmMissing({ error }: { error: Error }) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <Card role="alert" className="grid justify-items-start gap-3 p-6 sm:p-8">
      <h1 className="font-semibold text-2xl text-ink">
        {notFound ? 'Farm not found' : 'This farm could not be loaded'}
      </h1>
      <p className="text-ink-muted">
        {notFound
          ? 'It may have moved or closed its shop on Furrow.'
          : `${error.message} Please try again in a moment.`}
      </p>
      <Button asChild>
        <Link to={paths.home}>Browse food near you</Link>
      </Button>
    </Card>
  );
}
