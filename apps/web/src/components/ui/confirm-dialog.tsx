import { type ReactNode, useState } from 'react';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';
import { TextAreaField } from './field';

/** A reason asked for with the confirmation, to be kept or passed on to someone. */
export interface ReasonField {
  label: string;
  hint?: string;
  maxLength: number;
  /** Said under the field when it is left empty; without it, the reason may be left out. */
  required?: string;
}

/** Why the action could not be done, once it was tried, and what can be done instead. */
export interface Refusal {
  message: string;
  detail: string;
  /** Offered beside Close, in place of the confirm button. */
  alternative?: ReactNode;
}

interface ConfirmDialogProps {
  /** The button that opens it; without one, `open` says when it shows. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The button that leaves things as they are. */
  cancelLabel?: string;
  confirmLabel: string;
  /** Shown before the confirm label; the spinner takes its place while the action runs. */
  confirmIcon?: ReactNode;
  /** Red for what cannot be taken back (a deletion, a cancellation). */
  destructive?: boolean;
  /** While the action runs the dialog stays open, so that its outcome shows where it began. */
  pending?: boolean;
  reason?: ReasonField | undefined;
  refusal?: Refusal | null;
  /** An `alertdialog` interrupts to ask; a plain `dialog` is for a question asked as a form. */
  role?: 'alertdialog' | 'dialog';
  /** Called with the reason typed, trimmed (empty without a reason field). */
  onConfirm: (reason: string) => void;
}

/** Asks before an action: what it does, then a button to go ahead and one to leave it. */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  role = 'alertdialog',
  ...body
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !body.pending && onOpenChange?.(next)}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent role={role}>
        {/* Inside the content, which mounts as the dialog opens: each opening starts blank. */}
        <ConfirmBody {...body} />
      </DialogContent>
    </Dialog>
  );
}

type ConfirmBodyProps = Omit<ConfirmDialogProps, 'trigger' | 'open' | 'onOpenChange' | 'role'>;

function ConfirmBody({
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  confirmIcon,
  destructive = false,
  pending = false,
  reason,
  refusal,
  onConfirm,
}: ConfirmBodyProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  function confirm() {
    const given = text.trim();
    if (reason?.required && given === '') {
      setError(reason.required);
      return;
    }
    onConfirm(given);
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {refusal && (
        <div role="alert" className="grid gap-1 rounded-lg bg-danger-soft p-3 text-sm">
          <p className="font-medium text-danger">{refusal.message}</p>
          <p className="text-ink">{refusal.detail}</p>
        </div>
      )}
      {reason && (
        <TextAreaField
          label={reason.label}
          hint={reason.hint}
          value={text}
          maxLength={reason.maxLength}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={pending}>
            {refusal ? 'Close' : cancelLabel}
          </Button>
        </DialogClose>
        {refusal ? (
          refusal.alternative
        ) : (
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            onClick={confirm}
            loading={pending}
          >
            {!pending && confirmIcon}
            {confirmLabel}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}
