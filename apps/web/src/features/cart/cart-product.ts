import type { Product } from '@furrow/domain/api/products';
import type { CartProduct } from '@furrow/domain/cart';
import { thumbnailUrl } from '@furrow/domain/images';
import { dollarsToCents } from '@furrow/domain/money';

/** What the cart keeps of a product: a snapshot of the answer the shopper saw when adding it. */
export function toCartProduct(product: Product): CartProduct {
  const photo = product.images[0];
  return {
    productId: product.id,
    name: product.name,
    priceCents: dollarsToCents(product.price),
    unit: product.unit,
    stock: product.stock,
    farmId: product.farm.id,
    farmName: product.farm.name,
    imageUrl: photo ? thumbnailUrl(photo) : null,
  };
}
