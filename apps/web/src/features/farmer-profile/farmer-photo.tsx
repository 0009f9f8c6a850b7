import type { Farmer } from '@furrow/domain/api/farmers';
import { thumbnailUrl } from '@furrow/domain/images';
import { UserRound } from 'lucide-react';
import { cn } from '../../lib/cn';
import { initials } from './format-farmer';

/**
 * The farmer's round portrait, or their initials until they upload one. Decorative: the name is
 * always written beside it.
 */
export function FarmerPhoto({
  farmer,
  className,
}: {
  farmer: Pick<Farmer, 'name' | 'profileImage'>;
  className?: string;
}) {
  const letters = initials(farmer.name);
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-full border border-line bg-leaf-soft font-semibold text-leaf-ink',
        className,
      )}
    >
      {farmer.profileImage ? (
        <img src={thumbnailUrl(farmer.profileImage)} alt="" className="size-full object-cover" />
      ) : letters ? (
        <span aria-hidden>{letters}</span>
      ) : (
        <UserRound aria-hidden className="size-1/2" />
      )}
    </span>
  );
}
