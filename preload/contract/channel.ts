/**
 * How a request channel is declared, written once for the channel map (channels.ts) and the slices it
 * spreads in (dto-dictation.ts, dto-schedule.ts).
 */
import { z } from 'zod';

/** A request that carries nothing. */
export const EmptyRequest = z.object({}).strict();

/** One request channel: the zod schemas of its request and of its successful response. */
export function channel<Q extends z.ZodType, R extends z.ZodType>(request: Q, response: R) {
  return { request, response };
}
