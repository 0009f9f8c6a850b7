import type { AdminFarm, AdminUpdateFarmBody } from '@furrow/domain/api/admin';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { TextAreaField } from '../../components/ui/field';
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

function bodyFor(action: FarmAction, reason: string): AdminUpdateFarmBody {
  switch (action) {
    case 'suspend':
      return { status: 'suspended', reason: reason.trim() };
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
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  useEffect(() => {
    if (target) {
      setReason('');
      setReasonError(undefined);
    }
  }, [target]);

  if (!target) return null;
  const { farm, action } = target;
  const words = wording[action];

  async function confirm() {
    if (action === 'suspend' && reason.trim() === '') {
      setReasonError('Give the reason: the owner will read it.');
      return;
    }
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
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>
            {words.title} {farm.name}?
          </DialogTitle>
          <DialogDescription>{words.explain}</DialogDescription>
        </DialogHeader>
        {action === 'suspend' && (
          <TextAreaField
            label="Reason"
            hint="Shown to the owner, word for word."
            value={reason}
            maxLength={500}
            error={reasonError}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
          />
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button
            variant={action === 'suspend' ? 'destructive' : 'primary'}
            onClick={() => void confirm()}
            loading={update.isPending}
          >
            {words.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
