import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';

/** Asks before emptying the cart: a whole cart is a lot to lose to one stray tap. */
export function ClearCartDialog({ onConfirm }: { onConfirm: () => void }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" className="text-danger">
          Empty cart
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Empty your cart?</DialogTitle>
          <DialogDescription>Everything in it is taken out, from every farm.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm}>
            Empty cart
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
