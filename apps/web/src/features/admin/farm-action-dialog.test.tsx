import type { AdminFarm } from '@furrow/domain/api/admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { renderWithProviders, sentBody, stubJsonAnswers } from '../../test-utils';
import { FarmActionDialog } from './farm-action-dialog';

const farm: AdminFarm = {
  id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c',
  name: 'Green Acres',
  owner: {
    id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Ana Rivera',
    email: 'ana@example.com',
    featured: false,
  },
  subscription: null,
  productCount: 3,
  orderCount: 1,
  revenue: 12.5,
  createdAt: '2026-11-01T10:00:00.000Z',
  featured: false,
  status: 'active',
  suspendedReason: null,
};

describe('FarmActionDialog', () => {
  it('asks for the reason before suspending, sends it, and says so in a toast', async () => {
    const fetchMock = stubJsonAnswers({
      body: { message: 'Farm suspended', farm: { ...farm, status: 'suspended' } },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <FarmActionDialog target={{ farm, action: 'suspend' }} onClose={onClose} />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('alertdialog', { name: 'Suspend Green Acres?' });
    await user.click(screen.getByRole('button', { name: 'Suspend farm' }));
    expect(dialog).toHaveTextContent('Give the reason: the owner will read it.');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason'), '  Mislabelled honey  ');
    await user.click(screen.getByRole('button', { name: 'Suspend farm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/admin/farms/${farm.id}`);
    expect(sentBody(fetchMock, 0)).toEqual({ status: 'suspended', reason: 'Mislabelled honey' });
    // The dialog stays open here (its parent would close it), hiding the toasts from the role query.
    expect(await screen.findByText('Farm suspended')).toBeInTheDocument();
  });

  it('features a farm without asking for a reason', async () => {
    const fetchMock = stubJsonAnswers({ body: { message: 'Farm featured', farm } });
    renderWithProviders(
      <FarmActionDialog target={{ farm, action: 'feature' }} onClose={() => {}} />,
    );
    expect(screen.queryByLabelText('Reason')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Feature farm' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody(fetchMock, 0)).toEqual({ featured: true });
  });
});
