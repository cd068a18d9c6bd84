/**
 * The clinician's day: its bounds and the reasons today's list is not offered. Zod-free (like enums.ts),
 * so the window can take these values; the schemas are in dto-schedule.ts.
 */

/** Longest instructions sent to a patient (the client's own bound: the contract shows none). */
export const PATIENT_MESSAGE_MAX_CHARS = 10_000;
/** Most tasks made at once from ticked orders, and the longest title (the broker's bounds). */
export const TASKS_MAX = 20;
export const TASK_TITLE_MAX_CHARS = 500;

/** Why today's list is not offered: not connected, a clinician token without a broker, no clinician named. */
export const SCHEDULE_HIDDEN_REASONS = ['not_connected', 'no_broker', 'no_clinician'] as const;
export type ScheduleHiddenReason = (typeof SCHEDULE_HIDDEN_REASONS)[number];
