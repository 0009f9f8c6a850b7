import type { Product } from '@furrow/domain/api/products';
import { expect } from '@playwright/test';
import { expectNoAxeViolations, test } from './support';

test('the landing page shows demo products near Portland and a toast that follows the rules', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Fresh food from farms near you' }),
  ).toBeVisible();

  const cards = page.getByRole('article');
  await expect(cards.nth(10)).toBeVisible();
  await expect(cards.first()).toContainText('km away');
  await expect(cards.first()).toContainText('$');

  const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
  const first = cards.nth(0);
  const second = cards.nth(1);
  const firstName = (await first.getByRole('heading').textContent()) ?? '';
  const secondName = (await second.getByRole('heading').textContent()) ?? '';

  await first.getByRole('button', { name: 'Add to cart' }).click();
  const toasts = notifications.getByRole('listitem');
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText(firstName);

  // One toast at a time: a second replaces the first.
  await second.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText(secondName);

  // Shown for 5 seconds, then gone.
  await page.clock.runFor(4_000);
  await expect(toasts).toHaveCount(1);
  await page.clock.runFor(1_500);
  await expect(toasts).toHaveCount(0);

  // Once in the cart, the card's control is a quantity stepper.
  await expect(first.getByRole('status', { name: `Quantity of ${firstName}` })).toHaveText('1');
  await first.getByRole('button', { name: `One more ${firstName}` }).click();
  await expect(first.getByRole('status', { name: `Quantity of ${firstName}` })).toHaveText('2');

  // It can also be closed by hand.
  await cards.nth(2).getByRole('button', { name: 'Add to cart' }).click();
  await expect(toasts).toHaveCount(1);
  await toasts.first().getByRole('button', { name: 'Close' }).click();
  await expect(toasts).toHaveCount(0);
});

test('Austin shows Texan farms page by page, a ZIP code finds Portland, and the page passes an accessibility check', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Austin, TX' }).click();
  await expect(page.getByRole('heading', { name: 'Fresh near Austin, TX' })).toBeVisible();
  const farmOf = (region: string) =>
    page
      .getByRole('article')
      .first()
      .getByRole('link')
      .last()
      .evaluate(async (link, wanted) => {
        const answer = await fetch(`/api/farms/${link.getAttribute('href')?.split('/').pop()}`);
        const { farm } = (await answer.json()) as { farm: { address: { region: string } } };
        return farm.address.region === wanted;
      }, region);
  await expect.poll(() => farmOf('TX')).toBe(true);
  const firstPage = await page.getByRole('article').count();
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(firstPage);

  // A typed ZIP code is found offline and becomes the place to shop.
  await page.getByLabel('Or search by ZIP code or city').fill('97201');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'Fresh near Portland, OR 97201' })).toBeVisible();
  await expect.poll(() => farmOf('OR')).toBe(true);
  await expectNoAxeViolations(page);
});

test('the API reference renders under the Content-Security-Policy', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Furrow API/ })).toBeVisible();
  await expect(page.getByText('/api/forgot').first()).toBeVisible();
});

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing and welcome pages already show their header, headline and place', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toContainText('Furrow');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fresh food from farms near you' }),
    ).toBeVisible();
    await expect(page.getByText('Showing food near Portland, OR')).toBeVisible();
    await expect(page).toHaveTitle('Furrow · Fresh food from farms near you');

    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Furrow' })).toBeVisible();

    // Any other address waits for the app, which draws it.
    await page.goto('/cart');
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test("a farm's page already shows its header and the skeleton of the page", async ({ page }) => {
    const answer = await page.request.get('/api/products?lat=45.5152&long=-122.6784&limit=1');
    const [product] = ((await answer.json()) as { products: Product[] }).products;
    if (!product) throw new Error('the demo has no product near Portland');
    await page.goto(`/farms/${product.farm.id}`);
    await expect(page.getByRole('banner')).toContainText('Furrow');
    await expect(page.getByRole('main').getByText('Loading the farm')).toBeAttached();
    // The skeleton holds the page's height: the footer waits below the fold.
    await expect(page.getByRole('contentinfo')).not.toBeInViewport();
    await expect(page).toHaveTitle('Farm · Furrow');
  });
});
