import type { AdminFarm, AdminUpdateFarmBody } from '@furrow/domain/api/admin';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useUpdateFarmAsAdmin } from './admin-api';

export type FarmAction = 'suspend' | 'reinstate' | 'feature' | 'unfeature';

const wording: Record<
  FarmAction,
  { title: string; explain: string; confirm: string; done: string; failed: string }
> = {
  suspend: {
    title: 'Suspend',
    explain:
      'Shoppers will no longer find it or order from it. Its open orders stay visible to their customers. The owner is e-mailed the reason and sees it on their dashboard.',
    confirm: 'Suspend farm',
    done: 'Farm suspended',
    failed: 'suspend the farm',
  },
  reinstate: {
    title: 'Reinstate',
    explain: 'It shows in browsing and search again and takes orders. The owner is told by e-mail.',
    confirm: 'Reinstate farm',
    done: 'Farm reinstated',
    failed: 'reinstate the farm',
  },
  feature: {
    title: 'Feature',
    explain: 'It is shown among the featured farms on the landing page while it is active.',
    confirm: 'Feature farm',
    done: 'Farm featured',
    failed: 'feature the farm',
  },
  unfeature: {
    title: 'Stop featuring',
    explain: 'It leaves the featured farms on the landing page; nothing else changes.',
    confirm: 'Stop featuring',
    done: 'Farm no longer featured',
    failed: 'unfeature the farm',
  },
};

const suspendReason = {
  label: 'Reason',
  hint: 'Shown to the owner, word for word.',
  maxLength: 500,
  required: 'Give the reason: the owner will read it.',
};

function bodyFor(action: FarmAction, reason: string): AdminUpdateFarmBody {
  switch (action) {
    case 'suspend':
      return { status: 'suspended', reason };
    case 'reinstate':
      return { status: 'active' };
    case 'feature':
      return { featured: true };
    case 'unfeature':
      return { featured: false };
  }
}

interface FarmActionDialogProps {
  target: { farm: AdminFarm; action: FarmAction } | null;
  onClose: () => void;
}

/** Asks before an admin changes a farm; suspending asks for the reason the owner will read. */
export function FarmActionDialog({ target, onClose }: FarmActionDialogProps) {
  const { toast } = useToast();
  const update = useUpdateFarmAsAdmin();

  if (!target) return null;
  const { farm, action } = target;
  const words = wording[action];

  async function confirm(reason: string) {
    try {
      await update.mutateAsync({ id: farm.id, body: bodyFor(action, reason) });
      toast({ title: words.done, description: farm.name });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: `Could not ${words.failed}`,
        description: messageOrFailedTo(error, words.failed),
      });
    }
  }

  return (
    <ConfirmDialog
      // Another farm or action starts with a blank reason.
      key={`${farm.id}:${action}`}
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${words.title} ${farm.name}?`}
      description={words.explain}
      confirmLabel={words.confirm}
      destructive={action === 'suspend'}
      pending={update.isPending}
      reason={action === 'suspend' ? suspendReason : undefined}
      onConfirm={(reason) => void confirm(reason)}
    />
  );
}
