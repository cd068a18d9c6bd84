/**
 * What a connection to a service offers the rest of main (Core API calls, live transcription, checks)
 * and who builds one. core-adapter.ts and connector.ts implement them over main/core/api; tests use fakes.
 */
import type { AccessTokenSource } from '../../core/api/auth/token-source.ts';
import type { AudioSource } from '../../core/audio/audio-source.ts';
import type {
  Customization as ApiCustomization,
  NoteSettings,
  TemplateSummary,
} from '../../core/api/schemas/account.ts';
import type { EmCodes, NormalizedData, SuggestedOrder } from '../../core/api/schemas/coding.ts';
import type {
  EditNoteRequest,
  GenerateNoteRequest,
  Note,
  StructuredContext,
} from '../../core/api/schemas/note.ts';
import type { CallerKind } from '../../core/api/protocol.ts';
import type { CoreContext } from '../../core/api/endpoints/context.ts';
import type { LiveTranscriber } from '../../core/streaming/transcriber-port.ts';
import type { Check, Credentials, DotPhrase, Replacement } from '../../../preload/contract/index.ts';

/**
 * The structured inputs of `compute-em-codes`: the contract names `em_specialty_kind`; the rest is a GUESS
 * (the local service's shape, preload/contract/enums.ts).
 */
export interface EmInputs {
  em_specialty_kind: string;
  patient_type: string;
  medical_decision_making_level?: string;
  total_time_minutes?: number;
}

/** The Core API calls the visit uses (a subset of the lead's CoreClient). */
export interface CoreApi {
  readonly caller: CallerKind;
  generateNote(request: GenerateNoteRequest): Promise<Note>;
  /** Async form; `onProgress` receives elapsed ms while polling. */
  generateNoteAsync(request: GenerateNoteRequest, onProgress: (elapsedMs: number) => void): Promise<Note>;
  editNote(request: EditNoteRequest): Promise<Note>;
  /** Codes of a note, with the encounter's diagnoses when the clinician gave them. */
  normalizedData(
    note: Note,
    context?: Pick<StructuredContext, 'encounter_diagnoses_coding'>,
  ): Promise<NormalizedData>;
  /** Orders of a note, with the diagnoses, patient demographics and draft plan when given. */
  suggestedOrders(note: Note, context?: StructuredContext): Promise<SuggestedOrder[]>;
  /**
   * The source-note kinds a template accepts (`supported_source_note_section_kinds`); null names the
   * template of a user caller's note settings (or the default).
   */
  sourceNoteKinds?(templateKey: string | null): Promise<readonly string[]>;
  /**
   * Who answers E/M: the service itself (server credentials), the organization's broker (a clinician
   * signed in with the organization), or nobody (absent: the service when the caller is a server).
   */
  readonly emBy?: 'service' | 'broker' | null;
  /** E/M codes from the note and transcript (see `emBy`). */
  emCodes(request: {
    note: Note;
    transcriptItems: GenerateNoteRequest['transcript_items'];
    specialty: string;
  }): Promise<EmCodes>;
  /** E/M codes recomputed from the clinician's inputs (`compute-em-codes`; see `emBy`). */
  computeEm?(inputs: EmInputs): Promise<EmCodes>;
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
  /** The sign-in for streaming sessions other than the visit's (dictation); absent in test fakes. */
  readonly streaming?: { readonly tokens: AccessTokenSource; readonly apiVersion?: string };
  /** `scribe doctor`-style checks (reachability, sign-in, clock, microphone…). */
  checks(): Promise<Check[]>;
  /** Who the connection acts as (service user id, IdP `sub`), as far as it knows; absent in test fakes. */
  identity?(): ClinicianIdentity;
  /** How this connection reaches the Server API for the clinician's day; absent in test fakes. */
  serverApi?(): ServerApiAccess;
  /** Revokes the sign-in on the service (a clinician's refresh token); none for server credentials. */
  signOut?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How a connection reaches the clinician's day on the Server API: through the organization's broker with
 * the identity-provider token of the sign-in (the Server API key stays on the broker), or directly with
 * server credentials naming the clinician (development, the sample visit); `none` says why not.
 */
export type ServerApiAccess =
  | {
      readonly kind: 'broker';
      readonly brokerUrl: string;
      /** The token for a call: renewed by a silent sign-in when near expiry, or when `renew` (refused). */
      token(renew?: boolean): Promise<string>;
      /** The token as it is, never renewed (the change stream must not open browser tabs on its own). */
      current(): string | undefined;
    }
  | { readonly kind: 'server'; readonly context: CoreContext; readonly clinician: string }
  | { readonly kind: 'none'; readonly reason: 'no_broker' | 'no_clinician' };

/**
 * Who a connection acts as, for the audit trail: the service's user id (when known: the broker says it, or
 * the server key found the user) and the identity provider's `sub` of an organization sign-in. Ids only.
 */
export interface ClinicianIdentity {
  readonly userId?: string;
  readonly sub?: string;
}

/**
 * How a room built on the connection reaches the service's Core API (the composition root builds it from
 * the connection manager, so no other room knows the manager's shape).
 */
export interface CoreAccess {
  /** The connection's Core API; a `not_connected` failure when there is no connection. */
  require(): CoreApi;
  /** The connection's Core API, or null when there is no connection. */
  current(): CoreApi | null;
}

/** The connection as the visit records over it: which kind, the connection, and the sample's recording. */
export interface CurrentConnection {
  readonly mode: 'none' | 'organization' | 'sample';
  /** The connection, or a `not_connected` failure. */
  require(): Connection;
  readonly sampleKit: SampleKit | null;
}

/** Builds connections from what the person entered (stores secrets in the keychain on its side). */
export interface Connector {
  connect(baseUrl: string, credentials: Credentials): Promise<Connection>;
  /** The connection restored from saved settings at start-up, if any. */
  restore(): Promise<Connection | null>;
  forget(): Promise<void>;
  /** Signs the clinician in through the organization's identity provider and token broker. */
  signInWithOrganization?(baseUrl: string, signal?: AbortSignal): Promise<Connection>;
}

/** The built-in sample: a local service plus the bundled synthetic recording. */
export interface SampleKit {
  connect(): Promise<Connection>;
  /** The bundled recording as a real-time audio source (never a microphone). */
  openRecording(): AudioSource;
  /** The bundled dictation recording, the sample dictation's "microphone" (real-time, never a microphone). */
  openDictation(): AudioSource;
}

/** How a sign-in came about: entered on the Connect screen, or restored at start-up. */
export type SignInHow = 'entered' | 'restored';
/** Why a sign-in ended: the person signed out, or IT's policy no longer allows the connection. */
export type SignOutWhy = 'user' | 'policy';

/**
 * What the connection reports (the audit trail listens): codes only, never an address, a token or a name.
 * A sign-in the service refused names the check that failed (its address or the sign-in itself).
 */
export type SignInEvent =
  | {
      readonly kind: 'signed_in';
      readonly mode: 'organization' | 'sample';
      readonly caller: 'server' | 'user' | null;
      readonly region: 'us' | 'eu' | 'local' | null;
      readonly how: SignInHow;
    }
  | {
      readonly kind: 'sign_in_refused';
      readonly mode: 'organization' | 'sample';
      readonly check: 'address' | 'sign-in';
      readonly how: SignInHow;
    }
  | { readonly kind: 'signed_out'; readonly why: SignOutWhy };
