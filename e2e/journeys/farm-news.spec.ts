import { expect, type Page } from '@playwright/test';
import { readMail } from './mailbox';
import { demoFarmer, expectNoAxeViolations, screenshots, signIn, test } from './support';

const demoCustomer = { email: 'customer@furrow.test', password: 'fresh-carrots-42' };
const demoAdmin = { email: 'admin@furrow.test', password: 'barn-owl-admin-42' };

async function searchPlace(page: Page, words: string) {
  const change = page.getByRole('button', { name: 'Change' });
  if (await change.isVisible()) await change.click();
  await page.getByLabel('Or search by ZIP code or city').fill(words);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('where no farm is near, a shopper is offered a wider radius with its count, signs up to hear when farms join, and is told when one does', async ({
  page,
  request,
}, testInfo) => {
  await page.goto('/');

  // Eugene: no farm within 50 km, but the Portland farms are within 200.
  await searchPlace(page, '97401');
  await expect(
    page.getByRole('heading', { name: 'No food near Eugene, OR 97401 yet' }),
  ).toBeVisible();
  const wider = page.getByRole('button', { name: /^Show \d+\+? products? within 200 km$/ });
  await expect(wider).toBeVisible();
  const offered = Number((await wider.textContent())?.match(/\d+/)?.[0]);
  expect(offered).toBeGreaterThan(0);
  await expect(page.getByRole('form', { name: 'Tell me when farms near me join' })).toBeVisible();
  await page.reload();
  await expect(wider).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, testInfo, 'wider-radius-offer', false);
  await wider.click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(/products within 200 km/)).toBeAttached();

  // The middle of Nevada: nothing within 200 km either, so only the sign-up is offered.
  await searchPlace(page, '89316');
  const form = page.getByRole('form', { name: 'Tell me when farms near me join' });
  await expect(form).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'No food near Eureka, NV 89316 yet' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /within 200 km/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Back another day, the place remembered: the hero has shrunk and the sign-up is on the first screen.
  await page.reload();
  await expect(form).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, testInfo, 'no-farms-near', false);

  const email = `eureka-${Date.now()}@example.com`;
  await form.getByRole('textbox', { name: 'Your e-mail' }).fill('eureka@');
  await form.getByRole('button', { name: 'Tell me' }).click();
  await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
  await form.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
  await form.getByRole('button', { name: 'Tell me' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: "You're on the list." });
  await expect(confirmation).toContainText(`We'll write to ${email} about farms near Eureka, NV`);
  await expect(form).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'no-farms-near-signed-up', false);

  // A farm opens in Eureka: the address hears of it once, with the way to its page.
  const login = await request.post('/api/login', { data: demoFarmer });
  const token: string = (await login.json()).token;
  const created = await request.post('/api/shop/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'Diamond Valley Greens',
      address: { city: 'Eureka', region: 'NV', postalCode: '89316' },
      location: { lat: 39.55, lng: -115.98, country: 'US' },
    },
  });
  expect(created.status()).toBe(201);
  const farmId: string = (await created.json()).shop.id;
  const text = await readMail(email, /A farm near you just joined Furrow: Diamond Valley Greens/);
  expect(text).toContain('Diamond Valley Greens in Eureka, NV just has');
  expect(text).toContain(`/farms/${farmId}`);
});

test("a shopper or an admin who opens the farmers' dashboard is told what it is and where to go", async ({
  page,
  browser,
}, testInfo) => {
  await page.goto('/auth/login');
  await signIn(page, demoCustomer.email, demoCustomer.password);
  await expect(page).toHaveURL(/\/welcome$/);
  await page.goto('/farmers/dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: "This is the farmers' dashboard" }),
  ).toBeVisible();
  await expect(page.getByText(demoCustomer.email, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'farmers-dashboard-as-shopper');
  await page.getByRole('link', { name: 'Start selling' }).click();
  await expect(page).toHaveURL(/\/sell$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Back to shopping' }).click();
  await expect(page).toHaveURL(/\/welcome$/);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/auth/login');
  await admin.getByText('Administrator sign-in').click();
  await admin.getByLabel('Sign in as an administrator').check();
  await signIn(admin, demoAdmin.email, demoAdmin.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/farmers/dashboard');
  await expect(
    admin.getByRole('heading', { level: 1, name: "This is the farmers' dashboard" }),
  ).toBeVisible();
  await expectNoAxeViolations(admin);
  await screenshots(admin, testInfo, 'farmers-dashboard-as-admin');
  await admin.getByRole('link', { name: 'Go to farm management' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Farm management' })).toBeVisible();
  await adminContext.close();
});
