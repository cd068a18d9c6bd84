/** The Connect screen's channels over the connection manager: commands answer accepted or refused. */
import { guard, type HandlerSlice } from '../../core/ipc/handler-slice.ts';
import type { ConnectionManager } from './connection-manager.ts';

const accepted = { accepted: true } as const;

/** Runs a command; the status it changed reaches the window as the `connect:status` push. */
function done(command: () => unknown): ReturnType<typeof guard<typeof accepted>> {
  return guard(async () => {
    await command();
    return accepted;
  });
}

/** `connect:*` handlers. */
export function createConnectionHandlers(conn: ConnectionManager): HandlerSlice<'connect'> {
  return {
    'connect:status': () => guard(() => conn.status()),
    'connect:configure': (r) => done(() => conn.configure(r.baseUrl, r.credentials)),
    'connect:check': () => done(() => conn.check()),
    'connect:disconnect': () => done(() => conn.disconnect('user')),
    'connect:signIn': () => done(() => conn.signInWithOrganization()),
    'connect:cancelSignIn': () => done(() => conn.cancelSignIn()),
    'connect:sample': () => done(() => conn.useSample()),
  };
}
