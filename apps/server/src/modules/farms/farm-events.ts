import { z } from 'zod';
import { defineEvent } from '../../domain-events/event-kind';

/**
 * A farm was added, renamed, moved, suspended or reinstated, or deleted (or the demo farms were
 * loaded): whatever is kept of the farms elsewhere, such as browse's nearby farms, is read again.
 */
export const farmsChanged = defineEvent('farms.changed', z.object({}));
