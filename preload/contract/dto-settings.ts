/** Data crossing IPC for Settings: microphones, locales, templates, customization, dot phrases, replacements. */
import { z } from 'zod';
import { AudioDeviceSchema } from './dto-visit.ts';
import { DISPLAY_LANGUAGES, SECTION_STYLES } from './enums.ts';
import { INPUT_LIMITS } from './limits.ts';
import { LOCK_SOURCES } from './error-codes.ts';
import { NOTICE_KEY, SETTINGS_PROBLEMS } from './setting-codes.ts';

export const SettingsSchema = z.object({
  devices: z.array(AudioDeviceSchema),
  clinicianDeviceId: z.string().nullable(),
  patientDeviceId: z.string().nullable(),
  speechLocales: z.array(z.string()),
  noteLocale: z.string().nullable(),
  noteTemplateKey: z.string().nullable(),
  /** The language of the window and the CLI; null: the system's (the window picks from its languages). */
  displayLanguage: z.enum(DISPLAY_LANGUAGES).nullable(),
  /** The settings file could not be used at start: it was kept as a backup and reset (absent: it was fine). */
  notice: z
    .object({
      code: z.literal('settings_reset'),
      file: z.string().nullable(),
      backup: z.string().nullable(),
      /** Keys and why each was reset (closed reasons, worded by preload/words; never a value). */
      problems: z
        .array(z.object({ key: z.string().regex(NOTICE_KEY), rule: z.enum(SETTINGS_PROBLEMS) }))
        .max(100),
    })
    .optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsPatchSchema = z.object({
  clinicianDeviceId: z.string().nullable().optional(),
  patientDeviceId: z.string().nullable().optional(),
  speechLocales: z.array(z.string()).min(1).max(INPUT_LIMITS.maxSpeechLocales).optional(),
  noteLocale: z.string().optional(),
  noteTemplateKey: z.string().optional(),
  /** null: back to the system's language. */
  displayLanguage: z.enum(DISPLAY_LANGUAGES).nullable().optional(),
});

/** One setting the window cannot change: who set it, and its value when it may be shown. Words: preload/words. */
export const LockedSettingSchema = z.object({
  /** The configuration key (e.g. `serviceUrl`, `microphone`, `noteLocale`); its title is settingTitle(key). */
  key: z.string(),
  /** The value in force, or null when it is not shown (file paths, user ids) or not set. */
  value: z.string().nullable(),
  /** Who set it: the organization's policy, the environment, or a command-line flag. */
  source: z.enum(LOCK_SOURCES),
  /** The environment variable or flag that set it (a name, never its value). */
  via: z
    .string()
    .regex(/^(SCRIBE_[A-Z0-9_]+|--[a-z0-9-]+)$/)
    .optional(),
});
export type LockedSetting = z.infer<typeof LockedSettingSchema>;

/** What the organization's policy (or the launching environment) fixes, for Connect and Settings. */
export const PolicyViewSchema = z.object({
  /** A managed policy is in force. */
  managed: z.boolean(),
  locked: z.array(LockedSettingSchema),
});
export type PolicyView = z.infer<typeof PolicyViewSchema>;

export const MicTestSchema = z.object({ deviceId: z.string(), on: z.boolean() });

/** A section by its key only: the window names it in its language (preload/words sectionTitle). */
export const SectionCustomizationSchema = z.object({
  key: z.string(),
  style: z.enum(SECTION_STYLES),
  instruction: z.string(),
});
export const CustomizationSchema = z.object({
  templateKey: z.string(),
  templateInstruction: z.string(),
  sections: z.array(SectionCustomizationSchema),
});
export type Customization = z.infer<typeof CustomizationSchema>;

export const DotPhraseSchema = z.object({ id: z.string(), trigger: z.string(), expansion: z.string() });
export type DotPhrase = z.infer<typeof DotPhraseSchema>;
export const DotPhraseBulkSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('create'),
    items: z
      .array(DotPhraseSchema.omit({ id: true }))
      .min(1)
      .max(INPUT_LIMITS.phrasesPerSave),
  }),
  z.object({
    op: z.literal('update'),
    items: z.array(DotPhraseSchema).min(1).max(INPUT_LIMITS.phrasesPerSave),
  }),
  z.object({ op: z.literal('delete'), ids: z.array(z.string()).min(1).max(INPUT_LIMITS.phrasesPerSave) }),
]);

export const ReplacementSchema = z.object({
  id: z.string(),
  spoken: z.string(),
  written: z.string(),
  /** One of IT's words (its vocabulary list): shown as the organization's, not changed here. */
  organization: z.boolean().optional(),
});
export type Replacement = z.infer<typeof ReplacementSchema>;
export const ReplacementSaveSchema = z.object({
  id: z.string().nullable(),
  spoken: z.string().min(1),
  written: z.string(),
});
