import type { FarmEvent } from '@furrow/domain/api/events';
import { CalendarPlus, Clock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { generatePath, Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { paths } from '../../lib/paths';
import { eventLeaf, eventWhen } from './event-times';
import { calendarFileUrl } from './events-api';

interface EventCardProps {
  event: FarmEvent;
  /** Names the farm with a link, where the card is seen away from the farm's page. */
  showFarm?: boolean;
  /** The owner's controls (edit, delete), on the dashboard. */
  actions?: ReactNode;
}

export function EventCard({ event, showFarm = false, actions }: EventCardProps) {
  const leaf = eventLeaf(event);
  const titleId = `event-${event.id}`;
  return (
    <Card className="flex h-full gap-4 p-4">
      <div
        aria-hidden
        className="grid size-14 shrink-0 place-content-center rounded-xl bg-harvest-soft text-center text-harvest-ink"
      >
        <span className="font-semibold text-xs tracking-wide">{leaf.month}</span>
        <span className="font-semibold text-xl leading-none">{leaf.day}</span>
      </div>
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <h3 id={titleId} className="font-semibold text-ink">
          {event.title}
        </h3>
        {showFarm && (
          <Link
            to={generatePath(paths.farm, { id: event.farm.id })}
            className="text-leaf-ink text-sm underline-offset-2 hover:underline"
          >
            {event.farm.name}
            {event.distanceKm !== undefined && ` · ${event.distanceKm} km away`}
          </Link>
        )}
        <p className="flex items-start gap-1.5 text-ink-muted text-sm">
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
          {eventWhen(event)}
        </p>
        <p className="flex items-start gap-1.5 text-ink-muted text-sm">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          {event.place}
        </p>
        {event.description && <p className="text-ink text-sm">{event.description}</p>}
        <div className="mt-1 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" asChild>
            <a
              href={calendarFileUrl(event)}
              download
              aria-label={`Add to calendar: ${event.title}`}
            >
              <CalendarPlus aria-hidden className="size-4" />
              Add to calendar
            </a>
          </Button>
          {actions}
        </div>
      </div>
    </Card>
  );
}
