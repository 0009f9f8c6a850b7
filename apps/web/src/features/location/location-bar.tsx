import { LocateFixed, MapPin, Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { lookupPlace } from '../../lib/place-lookup';
import { currentPosition } from './current-position';
import { CURRENT_POSITION_LABEL, demoMetros, type ShopperLocation } from './locations';

interface LocationBarProps {
  location: ShopperLocation;
  onChange: (location: ShopperLocation) => void;
  /** One line with a "Change" button, for a shopper who has chosen a place before. */
  compact?: boolean;
}

/**
 * Shows where products are searched and lets the shopper pick a city, type a US ZIP code or
 * "City, ST" (resolved offline by the server), or use their position.
 */
export function LocationBar({ location, onChange, compact = false }: LocationBarProps) {
  const { toast } = useToast();
  const [open, setOpen] = useState(!compact);
  const [locating, setLocating] = useState(false);
  const [place, setPlace] = useState('');
  const [searching, setSearching] = useState(false);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const placeId = useId();
  const placeErrorId = useId();

  async function searchPlace(event: FormEvent) {
    event.preventDefault();
    const query = place.trim();
    if (query.length < 2) {
      setPlaceError('Type a ZIP code or a city and state, like "Portland, OR".');
      return;
    }
    setSearching(true);
    setPlaceError(null);
    try {
      const found = await lookupPlace(query);
      onChange({ lat: found.lat, lng: found.lng, label: found.label });
      setPlace('');
    } catch (error) {
      setPlaceError(
        error instanceof ApiError && error.status < 500
          ? error.message
          : 'That place could not be looked up. Please try again.',
      );
    } finally {
      setSearching(false);
    }
  }

  async function locateMe() {
    setLocating(true);
    try {
      const { lat, lng } = await currentPosition();
      onChange({ lat, lng, label: CURRENT_POSITION_LABEL });
      toast({ title: 'Location updated', description: 'Showing food from farms near you.' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: "We couldn't find your location",
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setLocating(false);
    }
  }

  const where = (
    <p className="flex min-w-0 items-center gap-2 text-ink-muted">
      <MapPin aria-hidden className="size-5 shrink-0 text-harvest" />
      <span className="truncate">
        Showing food near <strong className="font-semibold text-ink">{location.label}</strong>
      </span>
    </p>
  );
  if (!open) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-2xl border border-line bg-surface px-4 py-2 shadow-sm">
        {where}
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          Change
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      {where}
      <fieldset className="flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">Choose where to shop</legend>
        {demoMetros.map((metro) => {
          const chosen = metro.label === location.label;
          return (
            <Button
              key={metro.label}
              size="sm"
              variant={chosen ? 'primary' : 'secondary'}
              aria-pressed={chosen}
              onClick={() => onChange(metro)}
            >
              {metro.label}
            </Button>
          );
        })}
        <Button size="sm" variant="ghost" loading={locating} onClick={locateMe}>
          {!locating && <LocateFixed aria-hidden className="size-4" />}
          Use my location
        </Button>
      </fieldset>
      <form noValidate onSubmit={searchPlace} className="grid gap-1">
        <label htmlFor={placeId} className="text-ink-muted text-sm">
          Or search by ZIP code or city
        </label>
        <div className="flex gap-2">
          <Input
            id={placeId}
            value={place}
            onChange={(event) => setPlace(event.target.value)}
            placeholder="ZIP or City, ST"
            autoComplete="postal-code"
            aria-invalid={placeError ? true : undefined}
            aria-describedby={placeError ? placeErrorId : undefined}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="secondary" loading={searching}>
            {!searching && <Search aria-hidden className="size-4" />}
            Search
          </Button>
        </div>
        {placeError && (
          <p id={placeErrorId} role="alert" className="text-danger text-sm">
            {placeError}
          </p>
        )}
      </form>
    </div>
  );
}
