import type { Farmer } from '@furrow/domain/api/farmers';
import { thumbnailUrl } from '@furrow/domain/images';
import { Camera, MapPin, Pencil, Star, Tractor } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { lazyDialog, preloadsOnIntent } from '../../components/ui/lazy-dialog';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { FarmerPhoto } from './farmer-photo';
import { useMyFarmerProfile } from './farmer-profile-api';
import { farmerPlace } from './format-farmer';

// Its form, the form library and the profile's schema come when it first opens.
const FarmerProfileDialog = lazyDialog(
  () => import('./farmer-profile-dialog').then((module) => module.FarmerProfileDialog),
  (props) => props.open,
);

/** The dashboard's "Your profile": what shoppers see of the farmer, and the way to change it. */
export function MyFarmerProfile() {
  const profile = useMyFarmerProfile();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  return (
    <section aria-labelledby="your-profile" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="your-profile" className="font-semibold text-2xl text-ink">
          Your profile
        </h2>
        {profile.data && (
          <Button
            ref={editButton}
            variant="secondary"
            {...preloadsOnIntent(FarmerProfileDialog)}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden className="size-4" />
            Edit profile
          </Button>
        )}
      </div>
      {profile.data ? (
        <>
          <FarmerProfileCard farmer={profile.data} onEdit={() => setEditing(true)} />
          <FarmerProfileDialog
            open={editing}
            onOpenChange={setEditing}
            farmer={profile.data}
            onCloseAutoFocus={(event) => {
              // Either button may open the editor, and "Complete your profile" may be gone after
              // a save: keyboard users go back to the one that always stays.
              event.preventDefault();
              editButton.current?.focus();
            }}
          />
        </>
      ) : profile.isError ? (
        <LoadError onRetry={() => void profile.refetch()}>
          Your profile could not be loaded: {profile.error.message}
        </LoadError>
      ) : (
        <FarmerProfileSkeleton />
      )}
    </section>
  );
}

function FarmerProfileCard({ farmer, onEdit }: { farmer: Farmer; onEdit: () => void }) {
  const place = farmerPlace(farmer.location);
  const missing = [
    !farmer.profileImage && 'a photo',
    !farmer.bio && 'a few words about you',
  ].filter((item) => typeof item === 'string');
  return (
    <Card className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-4 p-6 sm:items-start sm:gap-x-6 sm:p-8">
      <FarmerPhoto
        farmer={farmer}
        className="size-20 text-2xl sm:row-span-2 sm:size-28 sm:text-3xl"
      />
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-semibold text-ink text-xl">{farmer.name || 'Name not set'}</h3>
          {farmer.featured && (
            <Badge tone="harvest">
              <Star aria-hidden className="size-3.5 fill-current" />
              Featured farmer
            </Badge>
          )}
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-ink-muted">
          <span className="flex min-w-0 items-center gap-2">
            {farmer.logo ? (
              <img
                src={thumbnailUrl(farmer.logo)}
                alt=""
                className="size-6 shrink-0 rounded-md border border-line object-cover"
              />
            ) : (
              <span className="flex size-6 shrink-0 items-center justify-center">
                <Tractor aria-hidden className="size-4" />
              </span>
            )}
            <span className="truncate">{farmer.farmName || 'No farm name yet'}</span>
          </span>
          {place && (
            <span className="flex items-center gap-2">
              <span className="flex size-6 shrink-0 items-center justify-center">
                <MapPin aria-hidden className="size-4" />
              </span>
              {place}
            </span>
          )}
        </p>
      </div>
      {(farmer.bio || missing.length > 0) && (
        <div className="col-span-2 grid gap-4 sm:col-span-1 sm:col-start-2">
          {farmer.bio && (
            <p className="line-clamp-4 max-w-prose whitespace-pre-line text-ink leading-relaxed">
              {farmer.bio}
            </p>
          )}
          {missing.length > 0 && (
            <div className="flex flex-wrap items-center gap-3 rounded-xl bg-leaf-soft px-4 py-3 text-leaf-ink text-sm">
              <Camera aria-hidden className="size-4 shrink-0" />
              <p className="min-w-48 flex-1">
                Add {missing.join(' and ')}: shoppers buy more gladly from a farmer they can
                picture.
              </p>
              <Button
                size="sm"
                variant="secondary"
                {...preloadsOnIntent(FarmerProfileDialog)}
                onClick={onEdit}
              >
                Complete your profile
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

function FarmerProfileSkeleton() {
  return (
    <Card className="flex flex-col gap-6 p-6 sm:flex-row sm:p-8" aria-busy="true">
      <span className="sr-only">Loading your profile</span>
      <Skeleton className="size-24 rounded-full sm:size-28" />
      <div className="grid flex-1 content-start gap-3">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </Card>
  );
}
