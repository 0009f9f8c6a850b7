import { expect } from '@playwright/test';
import { demoFarmer, expectNoAxeViolations, expectToast, photo, signIn, test } from './support';

test('a farmer edits their bio and uploads a profile photo; both stay after a reload and show on the farm page', async ({
  page,
}) => {
  const bio = `Maya here: I grow salad greens and dahlias on the island. (${Date.now().toString(36)})`;

  await page.goto('/auth/login');
  await signIn(page, demoFarmer.email, demoFarmer.password);
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
