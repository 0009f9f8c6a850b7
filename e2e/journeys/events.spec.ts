import { expect } from '@playwright/test';
import {
  demoFarmer,
  expectNoAxeViolations,
  expectToast,
  screenshots,
  signIn,
  test,
} from './support';

test('a farmer adds an event; a shopper sees it on the farm page and can add it to a calendar', async ({
  page,
  browser,
}, testInfo) => {
  const title = `Cider pressing ${Date.now().toString(36)}`;

  await page.goto('/auth/login');
  await signIn(page, demoFarmer.email, demoFarmer.password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  const events = page.getByRole('region', { name: 'Events at Sauvie Island Greens' });
  await expect(events).toBeVisible();

  await events.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event at Sauvie Island Greens' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Place').fill('The red barn');
  await dialog.getByLabel('Description').fill('Bring a jug; we press until the apples run out.');
  // An end before the start is caught before it is sent.
  const starts = await dialog.getByLabel('Starts').inputValue();
  await dialog.getByLabel('Ends').fill(starts.replace(/T\d\d:\d\d$/, 'T08:00'));
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog.getByText('The end must come after the start')).toBeVisible();
  await dialog.getByLabel('Ends').fill(starts.replace(/T\d\d:\d\d$/, 'T13:00'));
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Event added');
  await expect(events.getByRole('heading', { name: title })).toBeVisible();
  await events.getByRole('heading', { name: title }).scrollIntoViewIfNeeded();
  await screenshots(page, testInfo, 'dashboard-events', false);

  const farmPath = await page
    .getByRole('link', { name: 'Public page of Sauvie Island Greens' })
    .getAttribute('href');
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(farmPath ?? '/');
  const comingUp = shopper.getByRole('region', { name: 'Coming up' });
  await expect(comingUp.getByRole('heading', { name: title })).toBeVisible();
  await expect(comingUp.getByText('The red barn', { exact: true })).toBeVisible();
  const calendar = comingUp.getByRole('link', { name: `Add to calendar: ${title}` });
  const ics = await shopper.request.get((await calendar.getAttribute('href')) ?? '');
  expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await ics.text()).toContain(`SUMMARY:${title}`);
  await expectNoAxeViolations(shopper);
  await comingUp.scrollIntoViewIfNeeded();
  await screenshots(shopper, testInfo, 'farm-coming-up', false);
  await shopperContext.close();
});
