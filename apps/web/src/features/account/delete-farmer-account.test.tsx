import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, sentBody, stubJsonAnswers } from '../../test-utils';
import { DeleteFarmerAccount } from './delete-farmer-account';

async function confirmWith(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Your password'), password);
  await user.click(screen.getByRole('button', { name: 'Delete my farmer account' }));
  await user.click(
    within(screen.getByRole('alertdialog', { name: 'Delete your farmer account?' })).getByRole(
      'button',
      { name: 'Delete everything' },
    ),
  );
}

describe('DeleteFarmerAccount', () => {
  it('spells out what goes, sends the password, and lists the open orders that stop it', async () => {
    const fetchMock = stubJsonAnswers({
      status: 409,
      body: {
        code: 'ACCOUNT_HAS_OPEN_ORDERS',
        message:
          'Your farms still have open orders. Complete or cancel them before deleting your account.',
        details: [{ field: 'orders', message: 'Order F-10427 is confirmed' }],
      },
    });
    renderWithProviders(<DeleteFarmerAccount />);
    expect(screen.getByText('all your products, their photos and stock')).toBeVisible();

    await confirmWith('my-password');
    expect(sentBody(fetchMock, 0)).toEqual({ password: 'my-password' });
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Your farms still have open orders.');
    expect(refusal).toHaveTextContent('Order F-10427 is confirmed');
  });

  it('says so under the field when the password is wrong', async () => {
    stubJsonAnswers({
      status: 400,
      body: {
        code: 'WRONG_PASSWORD',
        message: 'Your current password is not correct',
        details: [{ field: 'password', message: 'is not correct' }],
      },
    });
    renderWithProviders(<DeleteFarmerAccount />);
    await confirmWith('wrong');
    await waitFor(() =>
      expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription(
        'This password is not correct',
      ),
    );
  });
});
