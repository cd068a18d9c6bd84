/** The Connect screen's channels over the connection manager. */
import { guard, type HandlerSlice } from '../ipc/handler-slice.ts';
import type { ConnectionManager } from './connection-manager.ts';

/** `connect:*` handlers. */
export function createConnectionHandlers(conn: ConnectionManager): HandlerSlice<'connect'> {
  return {
    'connect:status': () => guard(() => conn.status()),
    'connect:configure': (r) => guard(() => conn.configure(r.baseUrl, r.credentials)),
    'connect:check': () => guard(() => conn.check()),
    'connect:disconnect': () => guard(() => conn.disconnect()),
    'connect:sample': () => guard(() => conn.useSample()),
  };
}
