/**
 * Who hides a product from shoppers. A farmer hides one to stop selling it without losing it (a
 * product ever ordered cannot be deleted); a plan hides the products past its `maxProducts` after a
 * downgrade (product rules: plans and limits), and shows them again when there is room. The two are
 * kept apart so that an upgrade never brings back what the farmer chose to hide.
 */
export interface ProductVisibility {
  hiddenByFarmer: boolean;
  hiddenByPlan: boolean;
}

/** Whether shoppers may see, order or pre-order the product. */
export function isHidden(product: ProductVisibility): boolean {
  return product.hiddenByFarmer || product.hiddenByPlan;
}

export interface ShopProduct {
  id: string;
  createdAt: Date;
  hiddenByFarmer: boolean;
}

/**
 * The products a plan hides: of those the farmer shows, every one past the first `maxProducts`,
 * counted oldest first, so that the newest go first and the ones shoppers know longest stay. The
 * answer depends only on the products and the limit, so running it again changes nothing.
 */
export function hiddenByPlanLimit(
  products: readonly ShopProduct[],
  maxProducts: number,
): Set<string> {
  const shown = products
    .filter((product) => !product.hiddenByFarmer)
    .sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  return new Set(shown.slice(Math.max(0, maxProducts)).map((product) => product.id));
}

/** Products a change of plan hid and showed, by comparing each product's flag before and after. */
export function planHidingChanges<T extends { id: string; hiddenByPlan: boolean }>(
  products: readonly T[],
  hidden: ReadonlySet<string>,
): { hide: T[]; show: T[] } {
  return {
    hide: products.filter((product) => !product.hiddenByPlan && hidden.has(product.id)),
    show: products.filter((product) => product.hiddenByPlan && !hidden.has(product.id)),
  };
}
