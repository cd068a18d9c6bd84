/**
 * The updates feature's one factory: what must not be interrupted by an update's restart (a visit
 * recording, a dictation running), which the shell's update controller asks before it restarts. No IPC
 * channels, no reports.
 */
import type { Feature } from '../../core/ipc/feature.ts';
import { BusySignals } from './update-controller.ts';

export type { BusySignals } from './update-controller.ts';

export type UpdatesFeature = Feature<BusySignals, Record<never, never>, null>;

/** `busy`: each signal's name and whether it is busy now. */
export function createUpdatesFeature(busy: Record<string, () => boolean>): UpdatesFeature {
  const signals = new BusySignals();
  for (const [name, isBusy] of Object.entries(busy)) signals.add(name, isBusy);
  return { service: signals, handlers: {}, events: null };
}
