/** The `logLevel` setting applied: which messages are written. */
import type { LogLevel } from './config-schema.ts';

const ORDER: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];

/** Whether a message at `level` is written when the configured level is `configured`. */
export function logs(configured: LogLevel, level: LogLevel): boolean {
  return ORDER.indexOf(level) <= ORDER.indexOf(configured);
}
