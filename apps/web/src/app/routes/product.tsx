import { Link, useParams } from 'react-router';
import { AddToCartForm } from '../../features/cart/add-to-cart-form';
import { toCartProduct } from '../../features/cart/cart-product';
import { useChosenLocation } from '../../features/location/use-chosen-location';
import { PreorderForm } from '../../features/preorders/preorder-form';
import { ProductDetails, ProductDetailsSkeleton } from '../../features/products/product-details';
import { useProduct } from '../../features/products/use-product';
import { paths } from '../../lib/paths';
import { MissingResource } from './missing-resource';

/** A product's page; the distance is measured from where the shopper browses. */
export function ProductScreen() {
  const { id = '' } = useParams();
  const [location] = useChosenLocation();
  const product = useProduct(id, location);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <title>{`${product.data?.name ?? 'Product'} · Furrow`}</title>
      <Link
        to={paths.home}
        className="w-fit text-leaf-ink text-sm underline-offset-4 hover:underline"
      >
        ← Back to shopping
      </Link>
      {product.isPending ? (
        <ProductDetailsSkeleton />
      ) : product.isError ? (
        <MissingResource
          error={product.error}
          noun="product"
          goneHint="The farm may have stopped selling it."
        />
      ) : (
        <ProductDetails
          product={product.data}
          nearLabel={location.label}
          cartAction={<AddToCartForm product={toCartProduct(product.data)} />}
          preorderAction={<PreorderForm product={product.data} />}
        />
      )}
    </div>
  );
}
