/**
 * Dictation microphones and foot pedals as codes: the buttons a clinician can map, what a button can do,
 * the models we tell apart, and what Settings says about them. Zod-free (like enums.ts) so the renderer and
 * the configuration schema can import it; main/features/dictation/mic/ holds the device tables.
 */

/** The buttons a clinician can map, by the names Settings words (a model has some of them). */
export const MIC_BUTTONS = [
  'record',
  'stop',
  'play',
  'rewind',
  'forward',
  'tabForward',
  'tabBackward',
  'transcribe',
  'enterSelect',
  'customLeft',
  'customRight',
  'command',
  'insertOverwrite',
  'instruction',
  'f1',
  'f2',
  'f3',
  'f4',
  'endOfLetter',
  'pedalLeft',
  'pedalMiddle',
  'pedalRight',
  'pedalTop',
] as const;
/** One mappable button. */
export type MicButton = (typeof MIC_BUTTONS)[number];

/** What a button can do. */
export const MIC_ACTIONS = [
  'record',
  'next-field',
  'previous-field',
  'accept-defaults',
  'transfer',
  'stop',
  'cancel',
  'none',
] as const;
/** One action. */
export type MicAction = (typeof MIC_ACTIONS)[number];

/**
 * Where the buttons act, each place with its own map (as a Dragon user has them): another application, or our
 * dictation box (our window has the keyboard and shows it).
 */
export const MIC_PLACES = ['app', 'box'] as const;
/** One place. */
export type MicPlace = (typeof MIC_PLACES)[number];

/** How the Record button (or pedal) dictates: a press starts and the next stops, or while held. */
export const MIC_RECORD_MODES = ['toggle', 'push-to-talk'] as const;

/** The models we tell apart. */
export const MIC_MODELS = ['powermic-2', 'powermic-3', 'powermic-4', 'speechmike', 'foot-control'] as const;
/** One model. */
export type MicModel = (typeof MIC_MODELS)[number];

/** What Settings → Dictation says about the microphones. */
export const MIC_STATUS_KINDS = ['unavailable', 'none', 'connected', 'claimed'] as const;

/** The buttons Settings lists, by kind of device (each model's table in main/features/dictation/mic). */
export const MIC_BUTTON_GROUPS = {
  powermic: [
    'record',
    'tabForward',
    'tabBackward',
    'forward',
    'rewind',
    'play',
    'transcribe',
    'enterSelect',
    'customLeft',
    'customRight',
  ],
  speechmike: [
    'record',
    'stop',
    'play',
    'forward',
    'rewind',
    'endOfLetter',
    'f1',
    'f2',
    'f3',
    'f4',
    'instruction',
    'command',
  ],
  pedal: ['pedalLeft', 'pedalMiddle', 'pedalRight', 'pedalTop'],
} as const satisfies Readonly<Record<string, readonly MicButton[]>>;
/** One kind of device in Settings. */
export type MicButtonGroup = keyof typeof MIC_BUTTON_GROUPS;
