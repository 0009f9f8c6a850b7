import { errors } from '@furrow/domain/errors';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { ToastStoreProvider } from '../../components/ui/use-toast';
import { stubJsonAnswers } from '../../test-utils';
import { LocationBar } from './location-bar';
import { DEFAULT_LOCATION } from './locations';

function renderBar() {
  const onChange = vi.fn();
  render(
    <ToastStoreProvider>
      <LocationBar location={DEFAULT_LOCATION} onChange={onChange} />
      <Toaster />
    </ToastStoreProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

const toastArea = () => within(screen.getByRole('region', { name: 'Notifications (F8)' }));

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition']) {
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
}

describe('LocationBar', () => {
  it('shows the chosen location and marks its quick pick as pressed', () => {
    renderBar();
    expect(screen.getByText('Portland, OR', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Portland, OR' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Austin, TX' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('picks a demo metro', async () => {
    const { onChange, user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Austin, TX' }));
    expect(onChange).toHaveBeenCalledWith({ label: 'Austin, TX', lat: 30.2672, lng: -97.7431 });
  });

  it("uses the browser's position", async () => {
    stubGeolocation((success) =>
      success({ coords: { latitude: 47.6, longitude: -122.3 } } as GeolocationPosition),
    );
    const { onChange, user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(onChange).toHaveBeenCalledWith({ lat: 47.6, lng: -122.3, label: 'Your location' });
    expect(await toastArea().findByText('Location updated')).toBeInTheDocument();
  });

  it('explains a refused permission in a destructive toast and keeps the location', async () => {
    stubGeolocation((_, failure) =>
      failure?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    );
    const { onChange, user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(onChange).not.toHaveBeenCalled();
    const toast = (await toastArea().findByText("We couldn't find your location")).closest('li');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent(/Location access is turned off for Furrow/);
  });

  it('finds a typed ZIP code or city through the server and shops there', async () => {
    const fetchMock = stubJsonAnswers({
      body: {
        lat: 30.2672,
        lng: -97.7431,
        label: 'Austin, TX 78701',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'US',
      },
    });
    const { onChange, user } = renderBar();
    await user.type(screen.getByLabelText('Or search by ZIP code or city'), '78701{Enter}');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/geo/lookup?q=78701');
    expect(onChange).toHaveBeenCalledWith({
      lat: 30.2672,
      lng: -97.7431,
      label: 'Austin, TX 78701',
    });
  });

  it('says so when the place is unknown, and keeps the location', async () => {
    stubJsonAnswers({
      status: 404,
      body: { message: errors.PLACE_NOT_FOUND.message, code: 'PLACE_NOT_FOUND' },
    });
    const { onChange, user } = renderBar();
    await user.type(screen.getByLabelText('Or search by ZIP code or city'), 'Atlantis, ZZ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errors.PLACE_NOT_FOUND.message);
    expect(onChange).not.toHaveBeenCalled();
  });
});
