/**
 * The narrow interfaces the visit service needs from the rest of main (streaming, audio, Core API, auth,
 * clipboard, settings). The visit code is written against these only; adapters in this folder wire the
 * real implementations, and tests use fakes of these ports.
 */
import type { AudioSource } from '../audio/audio-source.ts';
import type {
  Customization as ApiCustomization,
  NoteSettings,
  TemplateSummary,
} from '../api/schemas/account.ts';
import type { EmCodes, NormalizedData, SuggestedOrder } from '../api/schemas/coding.ts';
import type { EditNoteRequest, GenerateNoteRequest, Note } from '../api/schemas/note.ts';
import type { CallerKind } from '../api/protocol.ts';
import type { RecoveredSession } from '../streaming/journal-store.ts';
import type {
  AudioDevice,
  Check,
  Credentials,
  DotPhrase,
  ErrorCode,
  Replacement,
} from '../../preload/contract/index.ts';

/** An item from the live session, already on the visit's single timeline (per-socket offsets rebased). */
export interface LiveItem {
  readonly id: string;
  readonly text: string;
  readonly speakerType: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly final: boolean;
}

/** Connection health of a live session; `nothingLost` only while un-final audio is kept for replay. */
export interface LiveHealth {
  readonly health: 'connected' | 'reconnecting' | 'offline';
  readonly nothingLost: boolean;
  /** The disk cannot keep the audio (kept in memory meanwhile), or the session ended without it on disk. */
  readonly disk?: 'full' | 'not_kept';
}

/** One declared audio stream of a transcription session. */
export interface LiveStream {
  readonly id: string;
  readonly speakerType: 'DOCTOR' | 'PATIENT' | 'UNSPECIFIED';
  /**
   * Its 100 ms chunks, already being captured when the session starts (so speech during the connection
   * is kept). The caller owns the audio: it ends these (stops the device) before LiveSession.end().
   */
  readonly chunks: AsyncIterable<Int16Array>;
}

/** A running `/transcribe-ws` session (reconnects and replays on its own). */
export interface LiveSession {
  /**
   * Settles once the first socket streams, or rejects when the session could not start (no socket within
   * its start budget, sign-in refused…). Audio given meanwhile is kept (journaled) either way.
   */
  readonly started: Promise<void>;
  onDidItem(listener: (item: LiveItem) => void): () => void;
  onDidHealth(listener: (health: LiveHealth) => void): () => void;
  /** Fires once when the session fails for good (mapped to the contract's closed codes). */
  onDidFail(listener: (failure: { code: ErrorCode }) => void): () => void;
  /** Fires once when every audio stream ended by itself (a file ran out) or failed (`code`, e.g. device_lost). */
  onDidAudioEnd(listener: (end: { code: ErrorCode | null }) => void): () => void;
  /** Stops taking audio without losing any (the session confirms what was sent). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Sends END and resolves when the service closed (every item has arrived). */
  end(): Promise<void>;
  /** Stops at once (discarding the visit). */
  abort(): Promise<void>;
  /** Shreds what was kept on disk for recovery (the visit is done with or discarded). */
  forget(): Promise<void>;
  /**
   * The session stopped without finishing: its journal is offered for recovery from now on, like a
   * crashed visit's. False when nothing was kept on disk (the sample visit).
   */
  keep(): boolean;
}

/** Starts live transcription sessions. */
export interface LiveTranscriber {
  /** Resolves once the session takes audio (journal open, connecting); see LiveSession.started. */
  start(options: { locales: readonly string[]; streams: readonly LiveStream[] }): Promise<LiveSession>;
  /** Sends a crashed visit's kept audio again; resolves with its complete final transcript. */
  resend(recovered: RecoveredSession): Promise<LiveItem[]>;
}

/** An unfinished visit a crash or a forced quit left in the journal folder. */
export interface RecoverableVisit {
  readonly id: string;
  readonly startedAt: number;
  /** Older than the retention period (kept because it is unfinished). */
  readonly stale: boolean;
}

/** The journal folder, as the visit sees it. */
export interface VisitJournals {
  listRecoverable(): Promise<
    readonly { id: string; session: 'transcribe' | 'dictate'; createdAt: number; stale: boolean }[]
  >;
  recover(id: string): Promise<RecoveredSession>;
  shred(id: string): Promise<void>;
  /** Still being written by a session in another process (`scribe transcribe`). */
  inUse(id: string): Promise<boolean>;
}

/** The operating system's microphone permission (macOS and Windows privacy settings). */
export interface MicrophoneAccess {
  /** Asks when the person has not decided yet; false when access is denied or restricted. */
  request(): Promise<boolean>;
}

/** Audio inputs. */
export interface AudioInputs {
  list(): Promise<AudioDevice[]>;
  /**
   * Opens an input by id. `onLost: 'silence'` (the patient's input beside the clinician's): never fall
   * back to the OS default; carry silence (saying so) when the device is missing or lost. `avoid`: the
   * default may replace the device only when it is not `avoid` (the patient's input); else silence too.
   */
  open(deviceId: string, options?: { onLost?: 'default' | 'silence'; avoid?: string }): AudioSource;
}

/** The Core API calls the visit uses (a subset of the lead's CoreClient). */
export interface CoreApi {
  readonly caller: CallerKind;
  generateNote(request: GenerateNoteRequest): Promise<Note>;
  /** Async form; `onProgress` receives elapsed ms while polling. */
  generateNoteAsync(request: GenerateNoteRequest, onProgress: (elapsedMs: number) => void): Promise<Note>;
  editNote(request: EditNoteRequest): Promise<Note>;
  normalizedData(note: Note): Promise<NormalizedData>;
  suggestedOrders(note: Note): Promise<SuggestedOrder[]>;
  /** Server callers only. */
  emCodes(request: {
    note: Note;
    transcriptItems: GenerateNoteRequest['transcript_items'];
    specialty: string;
  }): Promise<EmCodes>;
  patientInstructions(request: {
    note: Note;
    locale: string;
    recipient: 'PATIENT' | 'PARENT';
  }): Promise<string>;
  translateInstructions(request: {
    instructions: string;
    fromLocale: string;
    toLocale: string;
  }): Promise<string>;
  templates(locale?: string): Promise<TemplateSummary[]>;
  noteSettings(): Promise<NoteSettings>;
  updateNoteSettings(patch: NoteSettings): Promise<NoteSettings>;
  customization(templateKey: string): Promise<ApiCustomization>;
  updateCustomization(templateKey: string, customization: ApiCustomization): Promise<ApiCustomization>;
  dotPhrases(): DotPhraseStore;
  textReplacements(): ReplacementStore;
}

/** Dot phrases (user callers): single reads plus bulk operations of ≤ 100. */
export interface DotPhraseStore {
  list(): Promise<DotPhrase[]>;
  bulkCreate(items: Omit<DotPhrase, 'id'>[]): Promise<void>;
  bulkUpdate(items: DotPhrase[]): Promise<void>;
  bulkDelete(ids: string[]): Promise<void>;
}

/** Dictation text replacements (user callers). */
export interface ReplacementStore {
  list(): Promise<Replacement[]>;
  save(item: { id: string | null; spoken: string; written: string }): Promise<void>;
  remove(id: string): Promise<void>;
}

/** A live connection to one organization's service (or the built-in sample service). */
export interface Connection {
  readonly baseUrl: URL;
  readonly region: 'us' | 'eu' | 'local';
  readonly caller: CallerKind;
  readonly core: CoreApi;
  readonly transcriber: LiveTranscriber;
  /** `scribe doctor`-style checks (reachability, sign-in, clock, microphone…). */
  checks(): Promise<Check[]>;
  /** Revokes the sign-in on the service (a clinician's refresh token); none for server credentials. */
  signOut?(): Promise<void>;
  close(): Promise<void>;
}

/** Builds connections from what the person entered (stores secrets in the keychain on its side). */
export interface Connector {
  connect(baseUrl: string, credentials: Credentials): Promise<Connection>;
  /** The connection restored from saved settings at start-up, if any. */
  restore(): Promise<Connection | null>;
  forget(): Promise<void>;
}

/** The built-in sample: a local service plus the bundled synthetic recording. */
export interface SampleKit {
  connect(): Promise<Connection>;
  /** The bundled recording as a real-time audio source (never a microphone). */
  openRecording(): AudioSource;
}

/** Writes the clipboard; `transient` says whether clipboard history/managers were told to skip it. */
export interface ClipboardPort {
  writeText(text: string): Promise<{ transient: boolean }>;
}

/** Local preferences (no patient data). */
export interface Preferences {
  clinicianDeviceId: string | null;
  patientDeviceId: string | null;
  speechLocales: string[];
  /** The settings file was reset at start (words for the Settings screen). */
  notice?: string;
}

export interface PreferenceStore {
  get(): Preferences;
  update(patch: Partial<Preferences>): Preferences;
}
