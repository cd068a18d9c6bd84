/**
 * The schedule's headless front door: what a shell without a window (`scribe send-instructions`, through
 * main/compose/headless.ts) uses of the schedule: the clinician's Server API access with server credentials,
 * the app's own (ServerSchedule).
 */
import type { ScheduleApi } from './ports.ts';
import { ServerSchedule } from './server-schedule.ts';

export interface ScheduleHeadless {
  readonly serverSchedule: (...args: ConstructorParameters<typeof ServerSchedule>) => ScheduleApi;
}

/** The schedule's headless factory. */
export function createScheduleHeadless(): ScheduleHeadless {
  return { serverSchedule: (...args) => new ServerSchedule(...args) };
}
