import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { lazyDialog, preloadsOnIntent } from './lazy-dialog';

interface NoteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Stands for a dialog: open, or closed and still mounted. */
function Note({ open, onOpenChange }: NoteProps) {
  return open ? (
    <div role="dialog" aria-label="Note">
      <button type="button" onClick={() => onOpenChange(false)}>
        Done
      </button>
    </div>
  ) : (
    <p>closed, mounted</p>
  );
}

/** A dialog whose code arrives when the test says; while `offline`, every fetch of it fails. */
function deferredNote({ offline = false } = {}) {
  let arrive = () => {};
  let loads = 0;
  const network = { offline };
  const Dialog = lazyDialog(
    async () => {
      loads += 1;
      if (network.offline) throw new Error('offline');
      await new Promise<void>((resolve) => {
        arrive = resolve;
      });
      return Note;
    },
    (props) => props.open,
  );
  return { Dialog, network, arrive: () => arrive(), loads: () => loads };
}

/** The browser's idle callbacks, run when the test says. */
function idleTasks() {
  const tasks: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => tasks.push(task));
  vi.stubGlobal('cancelIdleCallback', () => {});
  return {
    run: () => {
      for (const task of tasks.splice(0)) task();
    },
  };
}

/** The page with a dialog whose code cannot be fetched, once "Write a note" has been clicked. */
async function openOffline() {
  // React reports the failed load on the console as it hands it to the boundary.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const { Dialog, network, arrive } = deferredNote({ offline: true });
  const user = userEvent.setup();
  render(<Page Dialog={Dialog} />);
  await user.click(screen.getByRole('button', { name: 'Write a note' }));
  return { user, network, arrive };
}

function Page({ Dialog }: { Dialog: ReturnType<typeof deferredNote>['Dialog'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...preloadsOnIntent(Dialog)} onClick={() => setOpen(true)}>
        Write a note
      </Button>
      <Dialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('lazyDialog', () => {
  it('draws nothing until it is asked to open, and fetches nothing as the page draws', () => {
    const { Dialog, loads } = deferredNote();
    render(<Page Dialog={Dialog} />);
    expect(loads()).toBe(0);
    expect(screen.queryByText('closed, mounted')).not.toBeInTheDocument();
  });

  it('says it is opening while its code comes, then opens, and stays mounted once closed', async () => {
    const { Dialog, arrive } = deferredNote();
    const user = userEvent.setup();
    render(<Page Dialog={Dialog} />);
    await user.click(screen.getByRole('button', { name: 'Write a note' }));
    expect(screen.getByRole('status')).toHaveTextContent('Opening…');
    await act(async () => arrive());
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('closed, mounted')).toBeInTheDocument();
  });

  it('fetches its code once the browser is idle after the page has drawn', () => {
    const idle = idleTasks();
    const { Dialog, loads } = deferredNote();
    render(<Page Dialog={Dialog} />);
    expect(loads()).toBe(0);
    idle.run();
    expect(loads()).toBe(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('opens at once, without saying it is opening, when its code came while the page was idle', async () => {
    const idle = idleTasks();
    const { Dialog, arrive } = deferredNote();
    const user = userEvent.setup();
    render(<Page Dialog={Dialog} />);
    idle.run();
    await act(async () => arrive());
    await user.click(screen.getByRole('button', { name: 'Write a note' }));
    expect(screen.getByRole('dialog', { name: 'Note' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('fetches its code when a pointer comes over the button that opens it, once', async () => {
    const { Dialog, loads } = deferredNote();
    const user = userEvent.setup();
    render(<Page Dialog={Dialog} />);
    await user.hover(screen.getByRole('button', { name: 'Write a note' }));
    await user.unhover(screen.getByRole('button', { name: 'Write a note' }));
    await user.hover(screen.getByRole('button', { name: 'Write a note' }));
    expect(loads()).toBe(1);
  });

  it('says when its code could not be fetched, and tries again when asked', async () => {
    const { user, network, arrive } = await openOffline();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This could not be opened: the connection may have dropped.',
    );
    network.offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await act(async () => arrive());
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeVisible();
  });

  it('closes when its code could not be fetched and the person gives up', async () => {
    const { user, network, arrive } = await openOffline();
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    network.offline = false;
    await user.click(screen.getByRole('button', { name: 'Write a note' }));
    await act(async () => arrive());
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeVisible();
  });
});
