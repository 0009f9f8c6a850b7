import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogContent, DialogTitle } from './dialog';

/** A dialog opened by its own state, as the dashboard's are, not through a `DialogTrigger`. */
function Page({ onCloseAutoFocus }: { onCloseAutoFocus?: (event: Event) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete Kale</Button>
      <Button>Elsewhere</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>Delete Kale?</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', () => {
  it('gives focus back to the button that opened it when it closes', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Delete Kale' }));
    expect(screen.getByRole('dialog', { name: 'Delete Kale?' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Radix moves focus after the dialog has gone, in a task of its own.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Kale' })).toHaveFocus());
  });

  it('leaves focus where a page that says otherwise puts it', async () => {
    const user = userEvent.setup();
    render(
      <Page
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          screen.getByRole('button', { name: 'Elsewhere' }).focus();
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete Kale' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus());
  });
});
