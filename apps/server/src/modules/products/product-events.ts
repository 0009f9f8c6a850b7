import { z } from 'zod';
import { defineEvent } from '../../domain-events/event-kind';

/**
 * The farmer moved a product's harvest day: its waiting pre-orders fill on the new day, or at once
 * when the day has come (product rules: pre-orders).
 */
export const harvestMoved = defineEvent(
  'product.harvest-moved',
  z.object({ productId: z.uuid(), farmId: z.uuid(), availableFrom: z.string().nullable() }),
);
