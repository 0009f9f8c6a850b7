import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aFarm } from '../../test-fixtures';
import { renderWithProviders } from '../../test-utils';
import { FarmPayouts } from './farm-payouts';

const connected = aFarm({ id: '0b6f4c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e', name: 'Green Acres' });
const notYet = aFarm({ id: '1c7a5d2f-3e4b-4c6d-9e0f-1a2b3c4d5e6f', name: 'Hill Orchard' });

/** Each farm's payouts state by its id; the onboarding call answers the provider's address. */
function stubPayouts() {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      return Response.json({ message: 'Continue', url: 'https://connect.example/onboard' });
    }
    const state = url.includes(connected.id) ? 'connected' : 'not_connected';
    return Response.json({ payouts: { state } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('FarmPayouts', () => {
  it('shows each farm as its own named panel: connected, or a way to connect', async () => {
    stubPayouts();
    renderWithProviders(
      <>
        <FarmPayouts farm={connected} />
        <FarmPayouts farm={notYet} />
      </>,
    );
    const green = await screen.findByRole('region', { name: 'Card payments for Green Acres' });
    const hill = await screen.findByRole('region', { name: 'Card payments for Hill Orchard' });
    expect(await within(green).findByText('Payouts connected')).toBeInTheDocument();
    expect(within(green).queryByRole('button')).not.toBeInTheDocument();
    expect(await within(hill).findByRole('button', { name: 'Connect payouts' })).toBeEnabled();
  });

  it("sends the farmer to the provider's onboarding for that farm", async () => {
    const fetchMock = stubPayouts();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<FarmPayouts farm={notYet} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect payouts' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.example/onboard'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain(`/api/farms/${notYet.id}/payouts/onboarding`);
  });
});
