import type { Farmer } from '@furrow/domain/api/farmers';
import { Star } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { FarmerPhoto } from './farmer-photo';

interface FarmerIntroProps {
  /** The farmer's public profile, which the farm page's own answer carries. */
  farmer: Farmer;
  /** The farm's own story, shown beside this; a bio that only repeats it is left out. */
  farmStory?: string;
}

/** "Meet the farmer" on a farm's public page: the face and the words behind the food. */
export function FarmerIntro({ farmer, farmStory }: FarmerIntroProps) {
  const { name, bio, featured } = farmer;
  const showBio = bio && bio.trim() !== farmStory?.trim();
  return (
    <Card className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 p-5 sm:items-start">
      <FarmerPhoto farmer={farmer} className="size-16 text-xl sm:row-span-2" />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium text-ink-muted text-sm">Meet the farmer</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-semibold text-ink text-lg">{name || 'Your farmer'}</h3>
          {featured && (
            <Badge tone="harvest">
              <Star aria-hidden className="size-3.5 fill-current" />
              Featured farmer
            </Badge>
          )}
        </div>
      </div>
      {showBio && (
        <p className="col-span-2 max-w-prose whitespace-pre-line text-ink leading-relaxed sm:col-span-1 sm:col-start-2">
          {bio}
        </p>
      )}
    </Card>
  );
}
