import type { Product } from '@furrow/domain/api/products';
import { categoryName } from '@furrow/domain/categories';
import { formatLongDate } from '@furrow/domain/dates';
import { thumbnailUrl } from '@furrow/domain/images';
import { CalendarClock, ListOrdered, PackagePlus, Pencil, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { lazyDialog, preloadsOnIntent } from '../../components/ui/lazy-dialog';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { BulkStockBar, BulkStockField, useBulkStock } from './bulk-stock';
import { CategoryArt } from './category-art';
import { useFarmProducts } from './farm-products-api';
import { formatPricePerUnit } from './format-product';
import { HiddenBadge, hiddenReason } from './hidden-badge';
import { VisibilityButton } from './product-visibility';
import { StockStepper } from './stock-stepper';

// Their forms, the form library and the product's schema come when one first opens.
const ProductFormDialog = lazyDialog(
  () => import('./product-form-dialog').then((module) => module.ProductFormDialog),
  (props) => props.open,
);
const DeleteProductDialog = lazyDialog(
  () => import('./delete-product-dialog').then((module) => module.DeleteProductDialog),
  (props) => props.product !== null,
);

/**
 * The farmer's product table for one farm: photo, price, unit, stock with quick - and + or typed,
 * edit, hide or show, delete; "Change stock" puts a number field on every row, saved all at once.
 * Hidden products say why: the farmer's choice, or the plan's limit.
 */
export function FarmProducts({ farm }: { farm: { id: string; name: string } }) {
  const products = useFarmProducts(farm.id);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const headingId = `farm-products-${farm.id}`;
  const bulk = useBulkStock(farm);
  const list = products.data ?? [];
  // The first rows are drawn in a transition, which yields to the browser while it works: a farm's
  // whole list arriving at once held a slow phone's main thread for hundreds of milliseconds. Later
  // changes (a stock stepper's click) show at once.
  const drawn = useDeferredValue(products.data !== undefined);
  const rows = drawn ? products.data : undefined;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-semibold text-2xl text-ink">
            Products at {farm.name}
          </h2>
          <p className="text-ink-muted">
            Change stock with − and + as you sell at the stall, or type the number; shoppers see it
            at once.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {list.length > 1 && !bulk.active && (
            <Button variant="secondary" onClick={bulk.start}>
              <ListOrdered aria-hidden className="size-4" />
              Change stock
            </Button>
          )}
          <Button {...preloadsOnIntent(ProductFormDialog)} onClick={() => setEditing('new')}>
            <PackagePlus aria-hidden className="size-4" />
            Add product
          </Button>
        </div>
      </div>

      {products.isError ? (
        <LoadError onRetry={() => void products.refetch()}>
          Your products could not be loaded: {products.error.message}
        </LoadError>
      ) : rows === undefined ? (
        <ProductTableSkeleton />
      ) : rows.length === 0 ? (
        <Card className="grid justify-items-start gap-3 p-6 sm:p-8">
          <span className="flex size-12 items-center justify-center rounded-full bg-harvest-soft text-harvest-ink">
            <PackagePlus aria-hidden className="size-6" />
          </span>
          <h3 className="font-semibold text-ink text-xl">No products yet</h3>
          <p className="max-w-prose text-ink-muted">
            Add what you have for sale: a name, a price per unit and how many you have. A photo
            helps shoppers choose. Shoppers near {farm.name} will find it straight away.
          </p>
          <Button {...preloadsOnIntent(ProductFormDialog)} onClick={() => setEditing('new')}>
            <PackagePlus aria-hidden className="size-4" />
            Add your first product
          </Button>
        </Card>
      ) : (
        <Card className="overflow-x-auto">
          <Table>
            <caption className="sr-only">Products at {farm.name}</caption>
            <TableHeader>
              <TableHead className="hidden w-20 px-4 py-3 sm:table-cell">
                <span className="sr-only">Photo</span>
              </TableHead>
              <TableHead className="px-4 py-3">Product</TableHead>
              <TableHead className="hidden px-4 py-3 sm:table-cell">Price</TableHead>
              <TableHead className="px-4 py-3">Stock</TableHead>
              <TableHead className="px-4 py-3 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableHeader>
            <tbody>
              {rows.map((product) => (
                <TableRow key={product.id}>
                  <td className="hidden px-4 py-3 sm:table-cell">
                    {product.images[0] ? (
                      <img
                        src={thumbnailUrl(product.images[0])}
                        alt=""
                        className="size-14 rounded-lg border border-line object-cover"
                      />
                    ) : (
                      <CategoryArt
                        slug={product.categorySlug}
                        name={product.name}
                        className="size-14 rounded-lg"
                      />
                    )}
                  </td>
                  <th scope="row" className="px-3 py-3 font-normal sm:px-4">
                    <span
                      className={`block font-semibold text-base ${hiddenReason(product) ? 'text-ink-muted' : 'text-ink'}`}
                    >
                      {product.name}
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-ink-muted">
                      {categoryName(product.categorySlug)}
                      {/* On a phone the price column is hidden; the price shows here instead. */}
                      <span className="text-ink tabular-nums sm:hidden">
                        {formatPricePerUnit(product.price, product.unit)}
                      </span>
                      <HiddenBadge product={product} />
                      {product.availableFrom && (
                        <Badge tone="harvest">
                          <CalendarClock aria-hidden className="size-3" />
                          From {formatLongDate(product.availableFrom)}
                        </Badge>
                      )}
                    </span>
                  </th>
                  <td className="hidden px-4 py-3 text-ink tabular-nums sm:table-cell">
                    {formatPricePerUnit(product.price, product.unit)}
                  </td>
                  <td className="px-2 py-3 sm:px-4">
                    {bulk.active ? (
                      <BulkStockField product={product} bulk={bulk} />
                    ) : (
                      <StockStepper product={product} />
                    )}
                  </td>
                  <td className="px-2 py-3 sm:px-4">
                    <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Edit ${product.name}`}
                        {...preloadsOnIntent(ProductFormDialog)}
                        onClick={() => setEditing(product)}
                      >
                        <Pencil aria-hidden className="size-4" />
                        <span className="sr-only sm:not-sr-only">Edit</span>
                      </Button>
                      <VisibilityButton product={product} />
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete ${product.name}`}
                        {...preloadsOnIntent(DeleteProductDialog)}
                        onClick={() => setDeleting(product)}
                      >
                        <Trash2 aria-hidden className="size-4" />
                        <span className="sr-only sm:not-sr-only">Delete</span>
                      </Button>
                    </div>
                  </td>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
      {bulk.active && products.data && <BulkStockBar products={products.data} bulk={bulk} />}

      <ProductFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        farm={farm}
        product={editing === 'new' || editing === null ? undefined : editing}
      />
      <DeleteProductDialog product={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </section>
  );
}

function ProductTableSkeleton() {
  return (
    <Card className="grid gap-4 p-4" aria-busy="true">
      <span className="sr-only">Loading products</span>
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex items-center gap-4">
          <Skeleton className="size-14 rounded-lg" />
          <Skeleton className="h-5 flex-1" />
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-9 w-28" />
        </div>
      ))}
    </Card>
  );
}
