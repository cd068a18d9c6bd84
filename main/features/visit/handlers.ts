/** The Visit screen's channels over the visit service (recording only; the note has its own slice). */
import type { VisitAccepted } from '../../../preload/contract/index.ts';
import { guard, type HandlerSlice } from '../../core/ipc/handler-slice.ts';
import type { VisitService } from './visit-service.ts';

/** A command's answer: accepted once it ran (the state went out as `visit:state` pushes meanwhile). */
async function accepted(command: () => Promise<void>): Promise<VisitAccepted> {
  await command();
  return { accepted: true };
}

/** `visit:*` handlers: commands answer accepted or refused, never a copy of the state. */
export function createVisitHandlers(visit: VisitService): HandlerSlice<'visit'> {
  return {
    'visit:options': () => guard(() => visit.options()),
    'visit:arm': (r) => guard(() => accepted(() => visit.arm(r))),
    'visit:disarm': () => guard(() => accepted(() => visit.disarm())),
    'visit:start': (r) => guard(() => accepted(() => visit.start(r))),
    'visit:pause': () => guard(() => accepted(() => visit.pause())),
    'visit:resume': () => guard(() => accepted(() => visit.resume())),
    'visit:end': () => guard(() => accepted(() => visit.end('window'))),
    'visit:state': () => guard(() => visit.state),
    'visit:transcript': () => guard(() => ({ items: visit.transcript() })),
    'visit:discard': () => guard(() => accepted(() => visit.discard())),
    'visit:recoverable': () => guard(async () => ({ visits: await visit.recoverable() })),
    'visit:recover': (r) => guard(() => accepted(() => visit.recover(r.id))),
    'visit:forgetRecoverable': (r) => guard(async () => ({ visits: await visit.forgetRecoverable(r.id) })),
  };
}
