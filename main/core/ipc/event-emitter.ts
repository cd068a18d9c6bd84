/**
 * Main → renderer pushes, typed by the contract's event map. Every payload is parsed with its schema before
 * it leaves main, so a service can never push a field the contract does not name (zod objects strip
 * unknown keys). Like the router, it receives the send function from main/shells/electron/ and imports no electron.
 */
import type { z } from 'zod';
import type { EventName, EventPayload } from '../../../preload/contract/index.ts';
import type { EventMap } from './channel-map.ts';

/** A typed push to the renderer, as services take it (the shell's emitter or a test's recorder). */
export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Sends one message to the renderer (e.g. `(name, payload) => win.webContents.send(name, payload)`). */
type SendToRenderer = (event: string, payload: unknown) => void;

/** A typed emitter for one event map. */
export interface RendererEvents<E extends EventMap> {
  /**
   * Validates and sends; returns false (and sends nothing) when the payload breaks the contract. Takes the
   * schema's output type: services emit finished values (the contract's event schemas have no transforms).
   */
  emit<K extends keyof E & string>(event: K, payload: z.output<E[K]>): boolean;
}

export interface RendererEventsOptions<E extends EventMap> {
  readonly events: E;
  readonly send: SendToRenderer;
  /** Called with the event name and zod issue paths (no values) when a payload is invalid. */
  readonly onDidDrop?: (event: string, issuePaths: readonly string[]) => void;
}

/** Builds the emitter. Sending to a closed window is the send function's business (it should no-op). */
export function createRendererEvents<E extends EventMap>(
  options: RendererEventsOptions<E>,
): RendererEvents<E> {
  return {
    emit(event, payload) {
      const schema = options.events[event];
      if (!schema) {
        options.onDidDrop?.(event, []);
        return false;
      }
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        options.onDidDrop?.(
          event,
          parsed.error.issues.map((i) => i.path.join('.')),
        );
        return false;
      }
      options.send(event, parsed.data);
      return true;
    },
  };
}
