import { LocateFixed, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/use-toast';
import { currentPosition } from './current-position';
import { CURRENT_POSITION_LABEL, demoMetros, type ShopperLocation } from './locations';

interface LocationBarProps {
  location: ShopperLocation;
  onChange: (location: ShopperLocation) => void;
}

/** Shows where products are searched and lets the shopper pick a city or use their position. */
export function LocationBar({ location, onChange }: LocationBarProps) {
  const { toast } = useToast();
  const [locating, setLocating] = useState(false);

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

  return (
    <div className="grid gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <p className="flex items-center gap-2 text-ink-muted">
        <MapPin aria-hidden className="size-5 shrink-0 text-harvest" />
        <span>
          Showing food near <strong className="font-semibold text-ink">{location.label}</strong>
        </span>
      </p>
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
    </div>
  );
}
