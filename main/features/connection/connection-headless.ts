/**
 * The connection's headless front door: what a shell without a window (the CLI, through
 * main/compose/headless.ts) uses of the connection: the app's own token source for the configured
 * credentials (the CLI holds no connection manager: one command, one connection).
 */
import { tokenSourceFor } from './token-sources.ts';

export interface ConnectionHeadless {
  readonly tokenSourceFor: typeof tokenSourceFor;
}

/** The connection's headless factory. */
export function createConnectionHeadless(): ConnectionHeadless {
  return { tokenSourceFor };
}
