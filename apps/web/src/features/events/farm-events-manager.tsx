import type { FarmEvent } from '@furrow/domain/api/events';
import { CalendarDays, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { lazyDialog, preloadsOnIntent } from '../../components/ui/lazy-dialog';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { EventCard } from './event-card';
import { useFarmEvents } from './events-api';

// Their forms, the form library and the event's schema come when one first opens.
const EventFormDialog = lazyDialog(
  () => import('./event-form-dialog').then((module) => module.EventFormDialog),
  (props) => props.open,
);
const DeleteEventDialog = lazyDialog(
  () => import('./delete-event-dialog').then((module) => module.DeleteEventDialog),
  (props) => props.event !== null,
);

/** The farmer's events of one farm, on the dashboard: add, change and remove them. */
export function FarmEventsManager({
  farm,
}: {
  farm: { id: string; name: string; timeZone: string };
}) {
  const events = useFarmEvents(farm.id);
  const [editing, setEditing] = useState<FarmEvent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FarmEvent | null>(null);

  return (
    <section aria-labelledby="farm-events" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="farm-events" className="font-semibold text-2xl text-ink">
          Events at {farm.name}
        </h2>
        <Button
          variant="secondary"
          {...preloadsOnIntent(EventFormDialog)}
          onClick={() => setEditing('new')}
        >
          <Plus aria-hidden className="size-4" />
          New event
        </Button>
      </div>
      {events.isPending ? (
        <Skeleton className="h-28" />
      ) : events.isError ? (
        <LoadError onRetry={() => void events.refetch()}>
          Your events could not be loaded: {events.error.message}
        </LoadError>
      ) : events.data.length === 0 ? (
        <Card className="flex items-center gap-3 p-6 text-ink-muted">
          <CalendarDays aria-hidden className="size-5 shrink-0 text-leaf-ink" />
          No upcoming events. Add a market day or a farm tour and shoppers will see it on your farm
          page.
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {events.data.map((event) => (
            <li key={event.id}>
              <EventCard
                event={event}
                actions={
                  <>
                    <Button
                      size="sm"
                      variant="ghost"
                      {...preloadsOnIntent(EventFormDialog)}
                      onClick={() => setEditing(event)}
                    >
                      <Pencil aria-hidden className="size-4" />
                      Edit<span className="sr-only"> {event.title}</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      {...preloadsOnIntent(DeleteEventDialog)}
                      onClick={() => setDeleting(event)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      Remove<span className="sr-only"> {event.title}</span>
                    </Button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <EventFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        farm={farm}
        event={editing === 'new' || editing === null ? undefined : editing}
      />
      <DeleteEventDialog event={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </section>
  );
}
