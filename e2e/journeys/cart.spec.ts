import type { Product } from '@furrow/domain/api/products';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, expectToast, screenshots } from './support';

/** The products the landing page's first page shows for the stored location, as the server answers them. */
async function productsNearby(page: Page): Promise<Product[]> {
  const stored = await page.evaluate(() => localStorage.getItem('furrow.location'));
  const { lat, lng } = JSON.parse(stored ?? 'null') as { lat: number; lng: number };
  const answer = await page.request.get(`/api/products?lat=${lat}&long=${lng}&limit=24`);
  return ((await answer.json()) as { products: Product[] }).products.filter(
    (product) => product.inStock && product.availableFrom === null,
  );
}

/** A product's card on the landing page, where several farms may sell products of one name. */
function card(page: Page, product: Product) {
  return page.getByRole('article', { name: product.name }).filter({ hasText: product.farm.name });
}

/** A product's card on its farm's page, which shows only that farm's products and names it once. */
function cardOnFarmPage(page: Page, product: Product) {
  return page.getByRole('main').getByRole('article', { name: product.name });
}

test('a shopper fills one cart from two farms; it outlives a reload and shows in another tab', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page.getByLabel('Or search by ZIP code or city').fill('97201');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'Fresh near Portland, OR 97201' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  const nearby = await productsNearby(page);
  const [first] = nearby;
  if (!first) throw new Error('the demo has no product for sale near Portland');
  // The other farm's scarcest product, so that the stepper soon meets its stock.
  const others = nearby.filter((product) => product.farm.id !== first.farm.id);
  const scarce = others.toSorted((a, b) => a.stock - b.stock)[0];
  if (!scarce) throw new Error('the demo has only one farm near Portland');
  const neighbour = others.find((p) => p.farm.id === scarce.farm.id && p.id !== scarce.id);
  if (!neighbour) throw new Error(`${scarce.farm.name} sells only one product`);

  // From a card on the landing page: one unit, a toast that says what, and the header's count.
  await card(page, first).getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, `1 × ${first.name} from ${first.farm.name}`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await screenshots(page, testInfo, 'landing', false);

  // From a card on the other farm's page.
  await page.goto(`/farms/${scarce.farm.id}`);
  await cardOnFarmPage(page, neighbour).getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, `1 × ${neighbour.name} from ${neighbour.farm.name}`);
  await expect(header.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // The product page, reached through the card's name: its stepper stops at the stock.
  await cardOnFarmPage(page, scarce).getByRole('link', { name: scarce.name }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${scarce.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: scarce.name })).toBeVisible();
  await expect(page.getByText(/km away from Portland, OR 97201/)).toBeVisible();
  const more = page.getByRole('button', { name: `One more ${scarce.name}` });
  for (let step = 1; step < scarce.stock; step += 1) await more.click();
  await expect(more).toBeDisabled();
  const quantity = page.getByRole('status', { name: `Quantity of ${scarce.name}` });
  await expect(quantity).toHaveText(String(scarce.stock));
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'product');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, `${scarce.stock} × ${scarce.name} from ${scarce.farm.name}`);
  const count = 2 + scarce.stock;
  await expect(header.getByRole('link', { name: `Cart, ${count} items` })).toBeVisible();

  // The cart: one section per farm, the stepper still at the stock, and the total.
  await page.getByRole('region', { name: 'Notifications (F8)' }).getByText('View cart').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('region', { name: first.farm.name })).toBeVisible();
  const otherFarm = page.getByRole('region', { name: scarce.farm.name });
  await expect(otherFarm.getByRole('listitem')).toHaveCount(2);
  await expect(otherFarm.getByRole('button', { name: `One more ${scarce.name}` })).toBeDisabled();
  const cents = (product: Product) => Math.round(product.price * 100);
  const totalCents = cents(first) + cents(neighbour) + cents(scarce) * scarce.stock;
  const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    totalCents / 100,
  );
  await expect(page.getByText('Total', { exact: true }).locator('..')).toContainText(total);

  // Reloading keeps it all.
  await page.reload();
  await expect(header.getByRole('link', { name: `Cart, ${count} items` })).toBeVisible();
  await expect(otherFarm.getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'cart');

  // Removing a line leaves its farm's other line and the other farm alone, here and in another tab.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/');
  const otherHeader = otherTab.getByRole('banner');
  await expect(otherHeader.getByRole('link', { name: `Cart, ${count} items` })).toBeVisible();
  await otherFarm.getByRole('button', { name: `Remove ${neighbour.name}` }).click();
  await expectToast(page, 'Removed from cart');
  await expect(otherFarm.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: first.farm.name })).toBeVisible();
  await expect(header.getByRole('link', { name: `Cart, ${count - 1} items` })).toBeVisible();
  await expect(otherHeader.getByRole('link', { name: `Cart, ${count - 1} items` })).toBeVisible();
});
