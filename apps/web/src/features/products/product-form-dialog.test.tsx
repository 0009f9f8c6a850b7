import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import { renderWithProviders, stubJsonAnswers } from '../../test-utils';
import { ProductFormDialog } from './product-form-dialog';

const farm = { id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c', name: 'Green Acres' };

describe('ProductFormDialog', () => {
  it("shows a plan refusal in the form with the server's words and the way to the plans", async () => {
    const message =
      'Choose a plan to publish products. Every plan starts with a 14-day free trial.';
    stubJsonAnswers({ status: 402, body: { message, code: 'PLAN_REQUIRED' } });
    renderWithProviders(<ProductFormDialog open onOpenChange={() => {}} farm={farm} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Sugar snap peas');
    await user.type(screen.getByLabelText('Price (USD)'), '4.25');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      paths.farmerPlans,
    );
  });
});
