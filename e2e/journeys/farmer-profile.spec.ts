import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

// A 16 x 12 purple PNG: small enough to live here, a real image for the server's decoder.
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWOosOkhCTGMarAZDaUKbGEAAKNp8AHOCakSAAAAAElFTkSuQmCC',
  'base64',
);

const farmer = { email: 'farmer@furrow.test', password: 'green-acres-42' };

async function expectToast(page: Page, text: string) {
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  await expect(toasts.first()).toContainText(text);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a farmer edits their bio and uploads a profile photo; both stay after a reload and show on the farm page', async ({
  page,
}) => {
  const bio = `Maya here: I grow salad greens and dahlias on the island. (${Date.now().toString(36)})`;

  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(farmer.email);
  await page.getByLabel('Password', { exact: true }).fill(farmer.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/farmers\/dashboard/);

  // The demo farmer is featured and starts without a photo.
  const profile = page.getByRole('region', { name: 'Your profile' });
  await expect(profile.getByRole('heading', { name: 'Maya Lindqvist' })).toBeVisible();
  await expect(profile.getByText('Featured farmer')).toBeVisible();
  await expect(profile.getByText('Portland, OR')).toBeVisible();
  await expectNoAxeViolations(page);

  // By keyboard: the editor opens with Enter and starts on the profile as it is.
  const edit = profile.getByRole('button', { name: 'Edit profile' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit your profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Farm name')).toHaveValue('Sauvie Island Greens');
  await expect(dialog.getByLabel('Country code')).toHaveValue('US');

  await dialog.getByLabel('About you').fill(bio);
  await dialog.getByLabel('Choose a photo (profile photo)').setInputFiles({
    name: 'maya.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await expect(dialog.getByRole('img', { name: 'Preview of maya.png' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A bad country code is caught by the shared schema before anything is sent.
  await dialog.getByLabel('Country code').fill('U1');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByText('Must be a two-letter country code such as US.')).toBeVisible();
  await dialog.getByLabel('Country code').fill('us');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Profile updated');
  await expect(edit).toBeFocused();

  const photoOnCard = profile.locator('img').first();
  await expect(profile.getByText(bio)).toBeVisible();
  await expect(photoOnCard).toHaveAttribute('src', /^\/uploads\/farmers\/.+-400\.webp$/);
  await expect(profile.getByText(/Add a photo/)).toBeHidden();

  // What the server kept is what a reload shows.
  await page.reload();
  await expect(profile.getByText(bio)).toBeVisible();
  await expect(photoOnCard).toHaveAttribute('src', /^\/uploads\/farmers\/.+-400\.webp$/);
  const src = (await photoOnCard.getAttribute('src')) ?? '';
  const image = await page.request.get(src);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  await expectNoAxeViolations(page);

  // Shoppers meet the farmer on the farm's public page.
  await page.getByRole('link', { name: 'Public page of Sauvie Island Greens' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sauvie Island Greens' })).toBeVisible();
  await expect(page.getByText('Meet the farmer')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Maya Lindqvist' })).toBeVisible();
  await expect(page.getByText(bio)).toBeVisible();
  await expect(page.locator(`img[src="${src}"]`)).toBeVisible();
  await expectNoAxeViolations(page);
});
