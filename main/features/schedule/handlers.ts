/** The `schedule:*` channels: today's list, the visit's appointment, and what the clinician confirmed. */
import { guard, type HandlerSlice } from '../../core/ipc/handler-slice.ts';
import type { ScheduleService } from './schedule-service.ts';

export function createScheduleHandlers(schedule: ScheduleService): HandlerSlice<'schedule'> {
  return {
    'schedule:today': () => guard(() => schedule.today()),
    'schedule:link': (r) => guard(() => schedule.link(r.appointmentId)),
    'schedule:send': (r) => guard(() => schedule.send(r)),
    'schedule:tasks': (r) => guard(() => schedule.tasks(r.appointmentId, r.titles)),
    'schedule:finalize': (r) => guard(() => schedule.finalize(r.appointmentId)),
  };
}
