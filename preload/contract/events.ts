/** Main → renderer pushes. Each carries only what the screen needs; the renderer parses every payload. */
import { z } from 'zod';
import { dictationEvents } from './dto-dictation.ts';
import { scheduleEvents } from './dto-schedule.ts';
import { NoteProgressSchema } from './dto-note.ts';
import { PolicyViewSchema } from './dto-settings.ts';
import { ConnectionStatusSchema, LevelSchema, TranscriptItemSchema, VisitStateSchema } from './dto-visit.ts';

/** Every event: its payload schema. */
export const events = {
  /** The connection's status after every change (commands, sign-in in the browser, IT's policy). */
  'connect:status': ConnectionStatusSchema,
  'visit:state': VisitStateSchema,
  /** Upserts (by id) since the last push; partials are re-sent under the same id until final. */
  'visit:transcript': z.object({ items: z.array(TranscriptItemSchema) }),
  'visit:level': LevelSchema,
  'note:progress': NoteProgressSchema,
  /** The tray asked for something the window does (a visit starts with the consent reminder, in the window). */
  'app:command': z.object({ command: z.enum(['start-visit']) }),
  /** IT changed the policy while the app runs: what is locked now. */
  'policy:changed': PolicyViewSchema,
  ...dictationEvents,
  ...scheduleEvents,
} as const;

export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

/** Every event name. */
export const EVENT_NAMES = Object.keys(events) as EventName[];
