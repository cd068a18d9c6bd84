import type {
  MicAction,
  MicButton,
  MicButtonGroup,
  MicModel,
  MicPlace,
  MIC_RECORD_MODES,
  MIC_STATUS_KINDS,
} from '../contract/mic-codes.ts';

type Table<K extends string> = Readonly<Record<K, string>>;

/** What Settings says about dictation microphones (the `mic` of the dictation state). */
export interface MicStatusFacts {
  readonly kind: (typeof MIC_STATUS_KINDS)[number];
  readonly models: readonly MicModel[];
}

/** Settings → Dictation → the dictation microphone's labels. */
export interface MicWords {
  readonly heading: string;
  readonly recordMode: string;
  readonly recordModes: Table<(typeof MIC_RECORD_MODES)[number]>;
  readonly buttonsHeading: string;
  /** Which of the two maps the lists show: other applications', or the dictation box's. */
  readonly placesLegend: string;
  readonly places: Table<MicPlace>;
  readonly groups: Table<MicButtonGroup>;
  readonly buttons: Table<MicButton>;
  readonly actions: Table<MicAction>;
  readonly locked: string;
}
