/**
 * The IPC contract, imported by main, preload and renderer alike: channels, DTOs (zod schemas) and codes.
 * Pure TypeScript plus zod: no Electron, Node or DOM, and no sentences — the words a person reads are in
 * preload/words, chosen where they are shown.
 */
export * from './api.ts';
export * from './audit-codes.ts';
export * from './channels.ts';
export * from './check-codes.ts';
export * from './chords.ts';
export * from './dictation-codes.ts';
export * from './update-codes.ts';
export * from './dto-dictation.ts';
export * from './dto-dictation-settings.ts';
export * from './dto-note.ts';
export * from './dto-schedule.ts';
export * from './dto-texts.ts';
export * from './schedule-codes.ts';
export * from './dto-settings.ts';
export * from './dto-visit.ts';
export * from './enums.ts';
export * from './error-codes.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './failure-reasons.ts';
export * from './problem-codes.ts';
export * from './input-warnings.ts';
export * from './limit-codes.ts';
export * from './limits.ts';
export * from './medication-codes.ts';
export * from './mic-codes.ts';
export * from './service-notes.ts';
export * from './text-check-codes.ts';
export * from './evidence-codes.ts';
export * from './dto-evidence.ts';
export * from './setting-codes.ts';
export * from './visit-phase.ts';
