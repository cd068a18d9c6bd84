/**
 * Closed value lists the renderer needs at run time. Kept free of zod so the renderer bundle never ships
 * zod: zod 4 probes `new Function` for its JIT, which the app's CSP (`script-src 'self'`) reports as a
 * violation, and the renderer never parses anything itself (the preload and main do).
 */
export const SPEAKERS = ['UNSPECIFIED', 'DOCTOR', 'PATIENT'] as const;
export const SECTION_STYLES = ['AUTO', 'PARAGRAPH', 'BULLET_POINTS'] as const;
export const VISIT_PHASES = ['idle', 'starting', 'recording', 'paused', 'ending', 'ended', 'failed'] as const;

/**
 * Languages patient instructions are written in or translated to (`instructions_locale`, and
 * `current_locale`/`new_locale` of a translation, which take the same values). The contract does not list
 * them; these are the locales the service documents text in (the note locales and the five dictation
 * locales), so Spanish-speaking patients are served too. One list for writing and for translating.
 */
export const INSTRUCTIONS_LOCALES = [
  'ENGLISH_US',
  'ENGLISH_UK',
  'SPANISH_ES',
  'SPANISH_MX',
  'FRENCH_FR',
] as const;
export type InstructionsLocale = (typeof INSTRUCTIONS_LOCALES)[number];

/** The languages the window and the CLI speak (preload/words has one folder each). */
export const DISPLAY_LANGUAGES = ['en', 'fr', 'es'] as const;
export type DisplayLanguage = (typeof DISPLAY_LANGUAGES)[number];

/** The disk warnings a visit can carry (DiskWarningSchema in dto-visit.ts is built from this list). */
export const DISK_WARNINGS = ['full', 'not_kept'] as const;
