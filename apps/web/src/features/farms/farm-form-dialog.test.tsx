import type { Farm } from '@furrow/domain/api/farms';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import { farmerKeys } from '../../lib/query-keys';
import { aFarm } from '../../test-fixtures';
import { renderWithProviders, stubJsonAnswers } from '../../test-utils';
import { farmFormDefaults, farmFormSchema, newPickupWindowRow, toFarmBody } from './farm-form';
import { FarmFormDialog } from './farm-form-dialog';

// Uploads go through XMLHttpRequest for their progress; the tests stand in for the server there.
const uploadFile = vi.hoisted(() => vi.fn());
vi.mock('../../lib/upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/upload')>()),
  uploadFile,
}));

const shop: Farm = aFarm({
  farmerId: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Juniper Hollow',
  address: { line: '', city: 'Portland', region: 'OR', postalCode: '97231' },
  location: { lat: 45.6401, lng: -122.838, country: 'US' },
  pickup: { enabled: true, instructions: '' },
  delivery: { enabled: false, radiusKm: 0, fee: 0, minimumOrder: 0 },
  payouts: 'not_connected',
  farmer: { id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Ana Rivera' },
});

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
          timeZone: 'America/Los_Angeles',
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
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('America/Los_Angeles');

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
      timeZone: 'America/Los_Angeles',
    });
  });

  it("has the farmer's profile read again once a farm is created: the first farm names it", async () => {
    let created = false;
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      if (String(input) === '/api/shop/create') {
        created = true;
        return Response.json({ message: 'Farm created', shop }, { status: 201 });
      }
      return Response.json({ farmer: { farmName: created ? 'Juniper Hollow' : '' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    // What the dashboard's profile card reads (features/farmer-profile), by the same key.
    function ProfileCard() {
      const profile = useQuery({
        queryKey: farmerKeys.me(),
        queryFn: () =>
          api.get<{ farmer: { farmName: string } }>('/api/farmers/me').then((a) => a.farmer),
      });
      return <p>{profile.data?.farmName || 'No farm name yet'}</p>;
    }
    renderWithProviders(
      <>
        <ProfileCard />
        <FarmFormDialog open onOpenChange={vi.fn()} />
      </>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('No farm name yet', {}, { timeout: 3000 })).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Create your farm' });
    await user.type(within(dialog).getByLabelText('Farm name'), 'Juniper Hollow');
    await user.type(within(dialog).getByLabelText('Latitude'), '45.64');
    await user.type(within(dialog).getByLabelText('Longitude'), '-122.84');
    await user.click(within(dialog).getByRole('button', { name: 'Create farm' }));
    await waitFor(() => expect(created).toBe(true));
    expect(await screen.findByText('Juniper Hollow', { selector: 'p' })).toBeInTheDocument();
  });

  it("shows the farm's time zone and sends the one the farmer chooses", async () => {
    const fetchMock = stubJsonAnswers({ body: { message: 'Farm updated', shop } });
    renderWithProviders(<FarmFormDialog open farm={shop} onOpenChange={vi.fn()} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Edit Juniper Hollow' });
    const zone = within(dialog).getByLabelText('Time zone');
    expect(zone).toHaveValue('America/Los_Angeles');
    expect(within(zone).getByRole('option', { name: 'Pacific (Los Angeles)' })).toBeInTheDocument();
    await user.selectOptions(zone, 'America/Denver');
    await user.click(within(dialog).getByRole('button', { name: 'Save farm' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ timeZone: 'America/Denver' });
  });

  it('says the farm saved but the logo did not, and stays open on the saved farm', async () => {
    stubJsonAnswers({ body: { message: 'Farm updated', shop } });
    uploadFile.mockRejectedValue(
      new ApiError(413, { code: 'IMAGE_TOO_LARGE', message: 'Images may be at most 5 MB' }),
    );
    const onSaved = vi.fn();
    const onOpenChange = vi.fn();
    renderWithProviders(
      <FarmFormDialog open farm={shop} onOpenChange={onOpenChange} onSaved={onSaved} />,
      '/',
      { toaster: true },
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Edit Juniper Hollow' });
    await user.upload(
      within(dialog).getByLabelText('Choose a photo (farm logo)'),
      new File(['logo'], 'logo.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save farm' }));

    const toasts = await screen.findByRole('region', { name: /Notifications/, hidden: true });
    await waitFor(() => expect(toasts).toHaveTextContent('Farm saved, logo not uploaded'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Images may be at most 5 MB');
    expect(onSaved).toHaveBeenCalledWith(shop);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('uploads a chosen cover picture to the farm after its logo, and says which one failed', async () => {
    stubJsonAnswers({ body: { message: 'Farm updated', shop } });
    const withLogo = { ...shop, logo: '/uploads/logo.png' };
    uploadFile.mockReset();
    uploadFile
      .mockResolvedValueOnce({ shop: withLogo })
      .mockRejectedValueOnce(
        new ApiError(413, { code: 'IMAGE_TOO_LARGE', message: 'Images may be at most 5 MB' }),
      );
    const onSaved = vi.fn();
    renderWithProviders(
      <FarmFormDialog open farm={shop} onOpenChange={vi.fn()} onSaved={onSaved} />,
      '/',
      { toaster: true },
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Edit Juniper Hollow' });
    const logo = new File(['logo'], 'logo.png', { type: 'image/png' });
    const cover = new File(['cover'], 'fields.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Choose a photo (farm logo)'), logo);
    await user.upload(within(dialog).getByLabelText('Choose a photo (cover picture)'), cover);
    await user.click(within(dialog).getByRole('button', { name: 'Save farm' }));

    const toasts = await screen.findByRole('region', { name: /Notifications/, hidden: true });
    await waitFor(() => expect(toasts).toHaveTextContent('Farm saved, cover picture not uploaded'));
    expect(uploadFile.mock.calls.map(([path, file]) => [path, file])).toEqual([
      [`/api/shop/${shop.id}/logo`, logo],
      [`/api/shop/${shop.id}/cover`, cover],
    ]);
    // The logo went through: the saved farm carries it, and only the cover waits for another try.
    expect(onSaved).toHaveBeenCalledWith(withLogo);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Images may be at most 5 MB');
    expect(within(dialog).queryByAltText('Preview of logo.png')).not.toBeInTheDocument();
    expect(within(dialog).getByAltText('Preview of fields.jpg')).toBeVisible();
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
      deliveryFee: '5',
      deliveryMinimum: '20',
      timeZone: 'America/Los_Angeles',
      pickupWindows: [],
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

  it('sends the delivery fee and minimum, and pickup windows weekly and one-off, keeping saved ids', () => {
    const values = {
      ...farmFormDefaults(shop),
      deliveryEnabled: true,
      deliveryRadiusKm: '25',
      deliveryFee: '4.5',
      deliveryMinimum: '20',
      pickupWindows: [
        {
          ...newPickupWindowRow(),
          id: '2b4d6f8a-0c2e-4a6c-8e0a-2c4e6a8c0e2a',
          place: ' Farm stand ',
        },
        {
          ...newPickupWindowRow(),
          kind: 'once' as const,
          date: '2026-12-19',
          from: '10:00',
          to: '12:00',
          place: 'Winter market',
          capacity: '15',
        },
      ],
    };
    expect(farmFormSchema.safeParse(values).success).toBe(true);
    expect(toFarmBody(values)).toMatchObject({
      delivery: { enabled: true, radiusKm: 25, fee: 4.5, minimumOrder: 20 },
      timeZone: 'America/Los_Angeles',
      pickupWindows: [
        {
          id: '2b4d6f8a-0c2e-4a6c-8e0a-2c4e6a8c0e2a',
          kind: 'weekly',
          day: 'saturday',
          from: '09:00',
          to: '13:00',
          place: 'Farm stand',
          capacity: null,
        },
        {
          kind: 'once',
          date: '2026-12-19',
          from: '10:00',
          to: '12:00',
          place: 'Winter market',
          capacity: 15,
        },
      ],
    });
  });

  it("checks windows by the domain's rules, naming the row and field", () => {
    const result = farmFormSchema.safeParse({
      ...farmFormDefaults(shop),
      pickupWindows: [{ ...newPickupWindowRow(), from: '13:00', to: '09:00', place: '' }],
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['pickupWindows.0.to', 'End time must be later than the start time'],
        ['pickupWindows.0.place', 'Place is required'],
      ]),
    );
  });
});
