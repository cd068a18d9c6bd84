/** The Visit screen's channels over the visit service (recording only; the note has its own slice). */
import { guard, type HandlerSlice } from '../ipc/handler-slice.ts';
import type { VisitApp } from './visit-app.ts';

/** `visit:*` handlers. */
export function createVisitHandlers(visit: VisitApp): HandlerSlice<'visit'> {
  return {
    'visit:options': () => guard(() => visit.options()),
    'visit:arm': (r) => guard(() => visit.arm(r)),
    'visit:disarm': () => guard(() => visit.disarm()),
    'visit:start': (r) => guard(() => visit.start(r)),
    'visit:pause': () => guard(() => visit.pause()),
    'visit:resume': () => guard(() => visit.resume()),
    'visit:end': () => guard(() => visit.end()),
    'visit:state': () => guard(() => visit.recorder.state),
    'visit:transcript': () => guard(() => ({ items: visit.recorder.transcript.all() })),
    'visit:discard': () => guard(() => visit.discard()),
    'visit:recoverable': () => guard(async () => ({ visits: await visit.recoverable() })),
    'visit:recover': (r) => guard(() => visit.recover(r.id)),
    'visit:forgetRecoverable': (r) => guard(async () => ({ visits: await visit.forgetRecoverable(r.id) })),
  };
}
