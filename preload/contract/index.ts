/**
 * The IPC contract, imported by main, preload and renderer alike. Pure TypeScript plus zod: no Electron,
 * Node or DOM.
 */
export * from './api.ts';
export * from './channels.ts';
export * from './check-words.ts';
export * from './dictation-messages.ts';
export * from './dto-dictation.ts';
export * from './dto-note.ts';
export * from './dto-settings.ts';
export * from './dto-visit.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './input-words.ts';
export * from './key-words.ts';
export * from './limit-words.ts';
export * from './limits.ts';
export * from './visit-phase.ts';
export * from './message-reasons.ts';
export * from './messages.ts';
export * from './service-words.ts';
export * from './visit-words.ts';
export * from './setting-words.ts';
