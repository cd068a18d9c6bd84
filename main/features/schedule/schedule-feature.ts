/**
 * The schedule feature's one factory: the clinician's day (today's appointments, the visit's appointment,
 * instructions sent to the patient, orders as tasks, the appointment finalized), its `schedule:*` slice,
 * and what it reports (codes and counts only).
 */
import type { Feature, Reporter } from '../../core/ipc/feature.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';
import { createScheduleHandlers } from './handlers.ts';
import type { ScheduleConnection, ScheduleEvent } from './ports.ts';
import { ScheduleService } from './schedule-service.ts';

export type { ScheduleService } from './schedule-service.ts';

export interface ScheduleFeatureDeps {
  readonly connection: ScheduleConnection;
  readonly emit: EmitEvent;
  readonly fetch?: typeof fetch;
}

export type ScheduleFeature = Feature<
  ScheduleService,
  ReturnType<typeof createScheduleHandlers>,
  Reporter<ScheduleEvent>
>;

export function createScheduleFeature(deps: ScheduleFeatureDeps): ScheduleFeature {
  const service = new ScheduleService({
    connection: deps.connection,
    onChanged: () => deps.emit('schedule:changed', {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  return {
    service,
    handlers: createScheduleHandlers(service),
    events: service,
    dispose: async () => service.dispose(),
  };
}
