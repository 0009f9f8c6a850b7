import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** Asks before emptying the cart: a whole cart is a lot to lose to one stray tap. */
export function ClearCartDialog({ onConfirm }: { onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" className="text-danger">
          Empty cart
        </Button>
      }
      title="Empty your cart?"
      description="Everything in it is taken out, from every farm."
      cancelLabel="Keep it"
      confirmLabel="Empty cart"
      destructive
      onConfirm={onConfirm}
    />
  );
}
