import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import type { ToastVariant } from './use-toast';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      // Above dialogs (overlay z-40, panel z-50, dialog.tsx): a toast raised while a dialog is open
      // (a save that failed, a photo that did not upload) must be seen, not hidden behind it.
      className={cn(
        'fixed inset-x-0 top-0 z-60 m-0 flex max-h-dvh list-none flex-col gap-2 p-4',
        'sm:top-auto sm:right-0 sm:bottom-0 sm:left-auto sm:w-full sm:max-w-sm',
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-line bg-surface text-ink',
  destructive: 'border-danger bg-danger-soft text-danger',
};

type ToastProps = ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant };

export function Toast({ className, variant = 'default', ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      // A failure interrupts the screen reader; a confirmation waits its turn.
      type={variant === 'destructive' ? 'foreground' : 'background'}
      data-variant={variant}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-4 rounded-xl border p-4 pr-10 shadow-lg',
        'motion-safe:data-[state=open]:animate-toast-in motion-safe:data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
        'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
        'data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('font-semibold text-sm', className)} {...props} />;
}

// At full strength: dimmed to 90 %, a description's text fell just under 4.5:1 on its toast (4.47).
export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm', className)} {...props} />;
}

/** `altText` tells screen reader users how to reach the action without the toast (Radix rule). */
export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center rounded-lg border border-current px-3 font-medium text-sm',
        'hover:bg-ink/5',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        'absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-lg',
        'opacity-80 hover:bg-ink/5 hover:opacity-100',
        className,
      )}
      {...props}
    >
      <X aria-hidden className="size-4" />
    </ToastPrimitive.Close>
  );
}
