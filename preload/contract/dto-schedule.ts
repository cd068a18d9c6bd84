/**
 * The clinician's day (issue 22): today's appointments on the Visit screen, the visit linked to one, the
 * reviewed patient instructions sent to the patient's conversation, orders as tasks, the appointment
 * finalized. Channels, DTOs and codes only; the words are preload/words' `schedule` group.
 */
import { z } from 'zod';
import { channel, EmptyRequest } from './channel.ts';
import {
  PATIENT_MESSAGE_MAX_CHARS,
  SCHEDULE_HIDDEN_REASONS,
  TASKS_MAX,
  TASK_TITLE_MAX_CHARS,
} from './schedule-codes.ts';

/** One appointment of the day as the Visit screen lists it. Status and mode are the service's values. */
export const AppointmentViewSchema = z.object({
  id: z.string(),
  status: z.string(),
  mode: z.string().nullable(),
  startAt: z.string(),
  patientName: z.string(),
});
export type AppointmentView = z.infer<typeof AppointmentViewSchema>;

export const ScheduleTodaySchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    via: z.enum(['broker', 'server']),
    appointments: z.array(AppointmentViewSchema),
    /**
     * The appointment the current visit (or the next one) was started from, as listed when it is on the day's
     * list, else as it was when linked: a visit started before midnight stays linked after it.
     */
    linked: AppointmentViewSchema.nullable(),
  }),
  z.object({ available: z.literal(false), reason: z.enum(SCHEDULE_HIDDEN_REASONS) }),
]);
export type ScheduleToday = z.infer<typeof ScheduleTodaySchema>;

const ById = z.object({ appointmentId: z.string().min(1).max(200) });

export const SendInstructionsSchema = ById.extend({
  text: z.string().min(1).max(PATIENT_MESSAGE_MAX_CHARS),
  as: z.enum(['message', 'attachment']),
});
export type SendInstructions = z.infer<typeof SendInstructionsSchema>;

/** One of the conversation's newest messages after sending: who wrote it (`system`: an automatic reply). */
export const SentMessageSchema = z.object({
  from: z.enum(['system', 'provider', 'patient', 'other']),
  text: z.string().nullable(),
  attachment: z.boolean(),
});
export const SentInstructionsSchema = z.object({
  created: z.boolean(),
  messages: z.array(SentMessageSchema),
});
export type SentInstructions = z.infer<typeof SentInstructionsSchema>;

export const CreateTasksSchema = ById.extend({
  titles: z.array(z.string().trim().min(1).max(TASK_TITLE_MAX_CHARS)).min(1).max(TASKS_MAX),
});

/** The schedule channels (spread into the channel map). */
export const scheduleChannels = {
  'schedule:today': channel(EmptyRequest, ScheduleTodaySchema),
  /** The next visit is this appointment's (its patient's demographics go into the note request). */
  'schedule:link': channel(ById, z.object({ accepted: z.literal(true) })),
  /** Only after the clinician confirmed what is sent and to whom. */
  'schedule:send': channel(SendInstructionsSchema, SentInstructionsSchema),
  'schedule:tasks': channel(CreateTasksSchema, z.object({ created: z.number().int() })),
  'schedule:finalize': channel(ById, z.object({ status: z.string() })),
} as const;

/** Today's list changed on the service (the broker's change stream): read it again. */
export const scheduleEvents = {
  'schedule:changed': z.object({}),
} as const;
