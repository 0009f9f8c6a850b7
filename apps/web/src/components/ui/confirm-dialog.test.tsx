import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

const reason = { label: 'Reason', maxLength: 20, required: 'Say why' };

describe('ConfirmDialog', () => {
  it('asks for a required reason before confirming, and passes it on trimmed', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(
      <ConfirmDialog
        trigger={<Button>Suspend</Button>}
        title="Suspend the farm?"
        description="Shoppers no longer find it."
        confirmLabel="Suspend farm"
        destructive
        reason={reason}
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Suspend the farm?' });
    expect(dialog).toHaveAccessibleDescription('Shoppers no longer find it.');
    await user.click(screen.getByRole('button', { name: 'Suspend farm' }));
    expect(dialog).toHaveTextContent('Say why');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason'), '  Mislabelled  ');
    expect(dialog).not.toHaveTextContent('Say why');
    await user.click(screen.getByRole('button', { name: 'Suspend farm' }));
    expect(onConfirm).toHaveBeenCalledWith('Mislabelled');
  });

  it('starts each opening with a blank reason', async () => {
    const user = userEvent.setup();
    render(
      <ConfirmDialog
        trigger={<Button>Cancel order</Button>}
        title="Cancel the order?"
        description="The customer is told why."
        confirmLabel="Cancel order"
        reason={reason}
        onConfirm={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.type(screen.getByLabelText('Reason'), 'Hail');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByLabelText('Reason')).toHaveValue('');
  });

  it('stays open while the action runs, its buttons off', async () => {
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Delete Kale?"
        description="This cannot be undone."
        cancelLabel="Keep it"
        confirmLabel="Delete product"
        pending
        onConfirm={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete product' })).toBeDisabled();
    await userEvent.setup().keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeVisible();
  });

  it('after a refusal says why and offers only Close and what can be done instead', () => {
    render(
      <ConfirmDialog
        open
        title="Delete Kale?"
        description="This cannot be undone."
        cancelLabel="Keep it"
        confirmLabel="Delete product"
        refusal={{
          message: 'It was ordered',
          detail: 'Hide it instead.',
          alternative: <Button>Hide</Button>,
        }}
        onConfirm={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('It was orderedHide it instead.');
    expect(
      screen.getAllByRole('button').map((button) => button.textContent || button.ariaLabel),
    ).toEqual(['Close', 'Hide', 'Close']);
  });
});
