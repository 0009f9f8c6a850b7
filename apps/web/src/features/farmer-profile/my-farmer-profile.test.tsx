import type { Farmer } from '@furrow/domain/api/farmers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders, stubJsonAnswers } from '../../test-utils';
import { MyFarmerProfile } from './my-farmer-profile';

// Uploads go through XMLHttpRequest for their progress; the tests stand in for the server there.
const uploadFile = vi.hoisted(() => vi.fn());
vi.mock('../../lib/upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/upload')>()),
  uploadFile,
}));

function farmer(overrides: Partial<Farmer> = {}): Farmer {
  return {
    id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Maya Lindqvist',
    email: 'farmer@furrow.test',
    farmName: 'Sauvie Island Greens',
    bio: 'Three generations of vegetable growing.',
    featured: true,
    location: { country: 'US', region: 'OR', city: 'Portland' },
    logo: null,
    profileImage: '/uploads/farmers/9b8a/maya-1200.webp',
    storageUsedBytes: 0,
    farmCount: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderProfile() {
  renderWithProviders(<MyFarmerProfile />, '/', { toaster: true });
  return userEvent.setup();
}

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  return screen.findByRole('dialog', { name: 'Edit your profile' });
}

async function expectToast(text: string) {
  // While the editor is open, the modal dialog hides the rest of the page from the query.
  const toasts = await screen.findByRole('region', { name: /Notifications/, hidden: true });
  await waitFor(() => expect(toasts).toHaveTextContent(text));
}

beforeEach(() => {
  uploadFile.mockReset();
  // jsdom has no object URLs; the preview only needs some address to show.
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
  return () => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  };
});

describe('MyFarmerProfile', () => {
  it('shows what shoppers see: photo, name, featured badge, farm, place and bio', async () => {
    stubJsonAnswers({ body: { farmer: farmer() } });
    renderProfile();
    const section = screen.getByRole('region', { name: 'Your profile' });
    expect(await within(section).findByRole('heading', { name: 'Maya Lindqvist' })).toBeVisible();
    expect(within(section).getByText('Featured farmer')).toBeVisible();
    expect(within(section).getByText('Sauvie Island Greens')).toBeVisible();
    expect(within(section).getByText('Portland, OR')).toBeVisible();
    expect(within(section).getByText('Three generations of vegetable growing.')).toBeVisible();
    expect(section.querySelector('img')).toHaveAttribute(
      'src',
      '/uploads/farmers/9b8a/maya-400.webp',
    );
  });

  it('asks a new farmer for a photo and a bio, and opens the editor from there', async () => {
    stubJsonAnswers({ body: { farmer: farmer({ bio: '', profileImage: null, featured: false }) } });
    const user = renderProfile();
    expect(await screen.findByText(/Add a photo and a few words about you/)).toBeVisible();
    expect(screen.queryByText('Featured farmer')).not.toBeInTheDocument();
    expect(screen.getByText('ML')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Complete your profile' }));
    expect(await screen.findByRole('dialog', { name: 'Edit your profile' })).toBeVisible();
  });

  it("saves a new bio, shows the server's message and the new bio", async () => {
    const updated = farmer({ bio: 'Beans, squash and corn.' });
    const fetchMock = stubJsonAnswers(
      { body: { farmer: farmer() } },
      { body: { message: 'Profile updated', farmer: updated } },
      { body: { farmer: updated } },
    );
    const user = renderProfile();
    const dialog = await openEditor(user);
    const bio = within(dialog).getByLabelText('About you');
    expect(bio).toHaveValue('Three generations of vegetable growing.');
    await user.clear(bio);
    await user.type(bio, 'Beans, squash and corn.');
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));

    await expectToast('Profile updated');
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
    expect(await screen.findByText('Beans, squash and corn.')).toBeVisible();
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/farmers/me');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      farmName: 'Sauvie Island Greens',
      bio: 'Beans, squash and corn.',
      location: { country: 'US', region: 'OR', city: 'Portland' },
    });
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('checks the country code with the shared schema before sending anything', async () => {
    const fetchMock = stubJsonAnswers({ body: { farmer: farmer() } });
    const user = renderProfile();
    const dialog = await openEditor(user);
    const country = within(dialog).getByLabelText('Country code');
    await user.clear(country);
    await user.type(country, 'U1');
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    expect(
      await within(dialog).findByText('Must be a two-letter country code such as US.'),
    ).toBeVisible();
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("keeps the editor open on a refusal, with the server's message on the field", async () => {
    stubJsonAnswers(
      { body: { farmer: farmer() } },
      {
        status: 400,
        body: {
          message: 'bio: must be at most 5000 characters',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'bio', message: 'must be at most 5000 characters' }],
        },
      },
      { body: { farmer: farmer() } },
    );
    const user = renderProfile();
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await expectToast('bio: must be at most 5000 characters');
    expect(within(dialog).getByText('Must be at most 5000 characters.')).toBeVisible();
    expect(within(dialog).getByLabelText('About you')).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads a new photo with progress after saving the text', async () => {
    const withPhoto = farmer({ profileImage: '/uploads/farmers/9b8a/new-1200.webp' });
    stubJsonAnswers(
      { body: { farmer: farmer({ profileImage: null }) } },
      { body: { message: 'Profile updated', farmer: farmer({ profileImage: null }) } },
      { body: { farmer: withPhoto } },
    );
    let finish: (value: unknown) => void = () => {};
    uploadFile.mockImplementation(
      (_path: string, _file: File, options: { onProgress?: (fraction: number) => void }) => {
        options.onProgress?.(0.4);
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
    );
    const user = renderProfile();
    const dialog = await openEditor(user);
    const photo = new File(['photo'], 'me.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Choose a photo (profile photo)'), photo);
    expect(within(dialog).getByRole('img', { name: 'Preview of me.png' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));

    const progress = await within(dialog).findByRole('progressbar', {
      name: 'Uploading profile photo',
    });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(uploadFile).toHaveBeenCalledWith('/api/farmers/me/images/profile', photo, {
      onProgress: expect.any(Function),
    });
    finish({ message: 'Photo updated', farmer: withPhoto });
    await expectToast('Profile updated');
    expect(dialog).not.toBeInTheDocument();
  });

  it('says the profile saved but the photo did not, and lets the farmer try again', async () => {
    // Every read and save answers with the profile; the saves' message is simply left over on reads.
    stubJsonAnswers(
      { body: { farmer: farmer() } },
      { body: { message: 'Profile updated', farmer: farmer() } },
    );
    uploadFile.mockRejectedValue(
      new ApiError(415, { message: 'Choose a JPEG, PNG or WebP image', code: 'BAD_IMAGE' }),
    );
    const user = renderProfile();
    const dialog = await openEditor(user);
    await user.upload(
      within(dialog).getByLabelText('Choose another (profile photo)'),
      new File(['photo'], 'me.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await expectToast('Profile saved, photo not uploaded');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP image');
    expect(dialog).toBeVisible();

    // The same file may be tried again: only the server's word stood against it.
    uploadFile.mockResolvedValue({ message: 'Photo updated', farmer: farmer() });
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await expectToast('Profile updated');
    expect(uploadFile).toHaveBeenCalledTimes(2);
  });

  it('removes the stored photo when asked to', async () => {
    const fetchMock = stubJsonAnswers(
      { body: { farmer: farmer() } },
      { body: { message: 'Profile updated', farmer: farmer() } },
      { body: { message: 'Photo removed', farmer: farmer({ profileImage: null }) } },
      { body: { farmer: farmer({ profileImage: null }) } },
    );
    const user = renderProfile();
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove the photo' }));
    expect(within(dialog).getByRole('button', { name: 'Keep the photo' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await expectToast('Profile updated');
    const [url, init] = fetchMock.mock.calls[2] ?? [];
    expect(url).toBe('/api/farmers/me/images/profile');
    expect(init?.method).toBe('DELETE');
    expect(await screen.findByText('ML')).toBeVisible();
  });
});
