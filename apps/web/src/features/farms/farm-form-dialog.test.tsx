import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { toFarmBody } from './farm-form';
import { FarmFormDialog } from './farm-form-dialog';

const shop = {
  id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c',
  farmerId: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Juniper Hollow',
  description: '',
  address: { line: '', city: 'Portland', region: 'OR', postalCode: '97231' },
  location: { lat: 45.6401, lng: -122.838, country: 'US' },
  pickup: { enabled: true, instructions: '' },
  delivery: { enabled: false, radiusKm: 0 },
  contact: { email: '', phone: '', website: '' },
  logo: null,
  status: 'active',
  stripeCustomerId: '',
  productCount: 0,
  farmer: { id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Ana Rivera' },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function renderDialog() {
  const onSaved = vi.fn();
  const onOpenChange = vi.fn();
  renderWithProviders(<FarmFormDialog open onOpenChange={onOpenChange} onSaved={onSaved} />);
  return { onSaved, onOpenChange, user: userEvent.setup() };
}

describe('FarmFormDialog', () => {
  it('says what is missing instead of sending an incomplete farm', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Create your farm' });
    await user.click(within(dialog).getByRole('button', { name: 'Create farm' }));
    expect(await within(dialog).findByText('Give your farm a name')).toBeVisible();
    expect(within(dialog).getByLabelText('Latitude')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('looks a ZIP code up, then creates the farm with those coordinates', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        Response.json({
          lat: 45.6401,
          lng: -122.838,
          label: 'Portland, OR 97231',
          city: 'Portland',
          region: 'OR',
          postalCode: '97231',
          country: 'US',
        }),
      )
      .mockResolvedValueOnce(Response.json({ message: 'Farm created', shop }, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, onSaved, onOpenChange } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Create your farm' });
    await user.type(within(dialog).getByLabelText('Farm name'), 'Juniper Hollow');
    await user.type(within(dialog).getByLabelText('Find your place by ZIP code or city'), '97231');
    await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
    expect(await within(dialog).findByText(/Found Portland, OR 97231/)).toBeVisible();
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('45.6401');
    expect(within(dialog).getByLabelText('City')).toHaveValue('Portland');

    await user.click(within(dialog).getByRole('button', { name: 'Create farm' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(shop));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/shop/create');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Juniper Hollow',
      location: { lat: 45.6401, lng: -122.838, country: 'US' },
      address: { city: 'Portland', region: 'OR', postalCode: '97231' },
      delivery: { enabled: false, radiusKm: 0 },
    });
  });
});

describe('toFarmBody', () => {
  it('sends numbers for coordinates and no radius when delivery is off', () => {
    const body = toFarmBody({
      name: ' Farm ',
      description: '',
      addressLine: '',
      city: '',
      region: '',
      postalCode: '',
      country: 'US',
      lat: '45.5',
      lng: '-122.6',
      pickupEnabled: true,
      pickupInstructions: '',
      deliveryEnabled: false,
      deliveryRadiusKm: '30',
      contactEmail: '',
      contactPhone: '',
      website: '',
    });
    expect(body).toMatchObject({
      name: 'Farm',
      location: { lat: 45.5, lng: -122.6 },
      delivery: { enabled: false, radiusKm: 0 },
    });
  });
});
