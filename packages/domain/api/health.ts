import { z } from 'zod';

export const healthAnswer = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /**
   * `filling` while the server, just started, reads the products browse keeps in memory: it
   * answers meanwhile, browse from the database where memory does not hold the farms yet.
   */
  browse: z.enum(['filling', 'ready']),
});
