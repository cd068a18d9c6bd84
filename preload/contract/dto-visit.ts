/** Data crossing IPC for connecting and for the live visit. */
import { z } from 'zod';
import { DISK_WARNINGS, SPEAKERS, VISIT_PHASES } from './enums.ts';
import { CLIENT_ID_SHAPE, INPUT_LIMITS } from './limits.ts';
import { DEVICE_LABEL_MAX } from './input-warnings.ts';
import { FailureNoteSchema } from './errors.ts';
import {
  BASE_URL_RULES,
  CHECK_IDS,
  CHECK_REASONS,
  type CheckId,
  type CheckNote,
  type SummaryNote,
} from './check-codes.ts';

export const SpeakerSchema = z.enum(SPEAKERS);
export type Speaker = z.infer<typeof SpeakerSchema>;

/** One line of the live transcript on the shared visit timeline. Partials are re-sent under the same id. */
export const TranscriptItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  speaker: SpeakerSchema,
  startMs: z.number().nonnegative(),
  endMs: z.number().nonnegative(),
  final: z.boolean(),
});
export type TranscriptItem = z.infer<typeof TranscriptItemSchema>;

/** A service speaker type as the contract's speaker (a newer value shows as unspecified). */
export function toSpeaker(value: string): Speaker {
  return (SPEAKERS as readonly string[]).includes(value) ? (value as Speaker) : 'UNSPECIFIED';
}

/** Recording lifecycle as the person sees it. */
export const ConnectionHealthSchema = z.enum(['connected', 'reconnecting', 'offline']);

/**
 * device_fallback: the chosen microphone is gone and the OS default records instead; input_lost: the
 * patient's input is gone and that stream carries silence (the warning goes once it records again);
 * no_sound: nothing heard for a long time. Facts only: the renderer words them (preload/words). The
 * device's name is the one free text, and only as the OS names hardware (the picker shows the same
 * names): one line, at most DEVICE_LABEL_MAX characters. Any other field is stripped.
 */
export const InputWarningSchema = z.object({
  stream: z.enum(['clinician', 'patient']),
  code: z.enum(['device_fallback', 'input_lost', 'no_sound']),
  /** The visit records two inputs (the words then say whose). */
  dual: z.boolean(),
  /** no_sound: after how many seconds. */
  seconds: z.number().int().nonnegative().max(86_400).optional(),
  /** input_lost / device_fallback: missing at start, failed since, or back. */
  reason: z.enum(['not_found', 'device_lost', 'reconnected']).optional(),
  /** input_lost: the lost device; device_fallback: the default now recording (see deviceLabel). */
  device: z
    .string()
    .max(DEVICE_LABEL_MAX)
    .regex(/^\P{Cc}*$/u)
    .optional(),
});
export type InputWarning = z.infer<typeof InputWarningSchema>;

/**
 * The disk and the visit audio: `full` while the disk cannot take it (the audio is kept in memory until the
 * service has transcribed it: quitting or a crash would lose it); `not_kept` once a visit ended without its
 * audio on disk (the transcript is complete).
 */
export const DiskWarningSchema = z.enum(DISK_WARNINGS);
export type DiskWarning = z.infer<typeof DiskWarningSchema>;

export const VisitStateSchema = z.object({
  phase: z.enum(VISIT_PHASES),
  /** The streaming connection; `reconnecting` while audio is kept and replayed. */
  connection: ConnectionHealthSchema,
  /** True only when every second of audio is kept for replay (so the UI may say "nothing is lost"). */
  nothingLost: z.boolean(),
  /** Running on the bundled sample recording against the built-in service. */
  sample: z.boolean(),
  elapsedMs: z.number().nonnegative(),
  /** Final items so far (for the Note step). */
  finalItems: z.number().int().nonnegative(),
  /** Why the visit failed or ended early: a code (and closed params) the renderer words; null when none. */
  error: FailureNoteSchema.nullable(),
  /** Problems with an audio input to show while recording (absent means none). */
  inputWarnings: z.array(InputWarningSchema).optional(),
  /**
   * A recovered visit whose journal ended in a cut (a crash or power cut mid-write): what was intact
   * before the cut was recovered, nothing after it (absent means nothing was cut).
   */
  recoveredCut: z.boolean().optional(),
  /** The disk could not keep the visit audio (absent means it could). */
  disk: DiskWarningSchema.optional(),
  /** The inputs are open before Start, keeping only the pre-roll in main (absent means not armed). */
  armed: z.boolean().optional(),
  /**
   * Main closed the armed inputs by itself, left too long without Start (absent or false: it did not, or
   * the person has asked since): the screen says so instead of showing a dead meter.
   */
  armExpired: z.boolean().optional(),
});
export type VisitState = z.infer<typeof VisitStateSchema>;

/**
 * What a visit command answers: accepted (the new state follows as the `visit:state` push) or, as an
 * `{ok: false}` result, refused with the reason. Never a second copy of the state.
 */
export const VisitAcceptedSchema = z.object({ accepted: z.literal(true) });
export type VisitAccepted = z.infer<typeof VisitAcceptedSchema>;

/** Live input level of one audio stream, 0..1. */
export const LevelSchema = z.object({
  stream: z.enum(['clinician', 'patient', 'test']),
  rms: z.number().min(0).max(1),
  peak: z.number().min(0).max(1),
});
export type Level = z.infer<typeof LevelSchema>;

/** An audio input the person can choose. */
export const AudioDeviceSchema = z.object({ id: z.string(), label: z.string(), isDefault: z.boolean() });
export type AudioDevice = z.infer<typeof AudioDeviceSchema>;

/** One microphone for everyone, or the clinician's microphone plus a second source for the patient. */
export const SpeakerSetupSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('single'), deviceId: z.string() }),
  // Two inputs must both be named: an empty id would open the OS default (likely the clinician's own
  // microphone) as the PATIENT stream.
  z.object({
    mode: z.literal('dual'),
    clinicianDeviceId: z.string().min(1),
    patientDeviceId: z.string().min(1),
  }),
]);
export type SpeakerSetup = z.infer<typeof SpeakerSetupSchema>;

export const StartVisitSchema = z.object({
  /** The person confirmed the patient agreed to being recorded. */
  consentAcknowledged: z.literal(true),
  locales: z.array(z.string().min(1)).min(1).max(INPUT_LIMITS.maxSpeechLocales),
  speakers: SpeakerSetupSchema,
});
export type StartVisit = z.infer<typeof StartVisitSchema>;

/** Open the inputs before Start (pre-roll); only once the patient agreed. */
export const ArmVisitSchema = StartVisitSchema.pick({ consentAcknowledged: true, speakers: true });
export type ArmVisit = z.infer<typeof ArmVisitSchema>;

/** A visit a crash or forced quit left unfinished; only ids and times, never content. */
export const RecoverableVisitSchema = z.object({
  id: z.string(),
  startedAt: z.number(),
  /** Older than the retention period. */
  stale: z.boolean(),
  /**
   * Ended cleanly before the app closed (its transcript is whole on this computer; restoring it sends
   * nothing); otherwise interrupted (its audio is sent again).
   */
  ended: z.boolean(),
});
export type RecoverableVisit = z.infer<typeof RecoverableVisitSchema>;

/** What the Visit screen needs to offer its choices. */
export const VisitOptionsSchema = z.object({
  devices: z.array(AudioDeviceSchema),
  speechLocales: z.array(z.string()),
  /** What the person chose in Settings (or IT set): a new visit starts from it. */
  preferred: z.object({
    speechLocales: z.array(z.string()).min(1).max(INPUT_LIMITS.maxSpeechLocales),
    clinicianDeviceId: z.string().nullable(),
    patientDeviceId: z.string().nullable(),
  }),
});
export type VisitOptions = z.infer<typeof VisitOptionsSchema>;

/** Credentials the organization gives: server credentials, or a user token source. */
export const CredentialsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('server'),
    clientId: z.string().regex(CLIENT_ID_SHAPE),
    /** PEM private key; stored in the OS keychain by the main process, never sent back. */
    privateKeyPem: z.string().min(1),
    keyId: z.string().optional(),
  }),
  /** A clinician sign-in token (refresh token) issued by the organization's own system. */
  z.object({ kind: z.literal('user-refresh-token'), refreshToken: z.string().min(1) }),
]);
export type Credentials = z.infer<typeof CredentialsSchema>;

export const ConnectRequestSchema = z.object({
  baseUrl: z.string().min(1),
  credentials: CredentialsSchema,
});
export type ConnectRequest = z.infer<typeof ConnectRequestSchema>;

/** Key-like ids the service gives (template keys, error names, trace ids): no spaces, so never a sentence. */
const ServiceKey = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/);

/** A check's closed params (check-codes.ts says what each is; any other field is refused). */
const CheckParamsSchema = z
  .object({
    host: z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/)
      .optional(),
    rule: z.enum(BASE_URL_RULES).optional(),
    caller: z.enum(['server', 'user']).optional(),
    offsetMs: z.number().int().optional(),
    count: z.number().int().nonnegative().optional(),
    keys: z.array(ServiceKey).max(5).optional(),
    status: z.number().int().optional(),
    code: z.number().int().optional(),
    name: ServiceKey.optional(),
    traceId: ServiceKey.optional(),
    failure: FailureNoteSchema.optional(),
  })
  .strict();

/** One `scribe doctor`-style check with a plain verdict: a reason (closed per check) the renderer words. */
export const CheckSchema = z
  .object({
    id: z.enum(CHECK_IDS as [CheckId, ...CheckId[]]),
    status: z.enum(['pass', 'warn', 'fail', 'skipped']),
    reason: z.string(),
    params: CheckParamsSchema.optional(),
  })
  .refine((c) => (CHECK_REASONS[c.id] as readonly string[]).includes(c.reason), {
    message: 'reason not known for this check',
  }) satisfies z.ZodType<CheckNote>;
export type Check = z.infer<typeof CheckSchema>;

/** Which ways of signing in this installation offers (the organization's policy decides). */
export const SignInMethodsSchema = z.object({
  /** "Sign in with your organization": set when the policy names an identity provider. */
  organization: z.object({ issuerHost: z.string() }).nullable(),
  /** The organization's server credentials: development and unmanaged installs, or when policy allows. */
  serverCredentials: z.boolean(),
  /** A clinician sign-in token supplied by the organization. */
  clinicianToken: z.boolean(),
  /** The sample visit (IT's `allowSampleVisit`; unset: offered only where no managed policy applies). */
  sample: z.boolean(),
});
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;

export const ConnectionStatusSchema = z.object({
  mode: z.enum(['none', 'organization', 'sample']),
  /** Service address (no credentials in it). */
  baseUrl: z.string().nullable(),
  region: z.enum(['us', 'eu', 'local']).nullable(),
  caller: z.enum(['server', 'user']).nullable(),
  checks: z.array(CheckSchema),
  /** What is wrong, or that all is well: a code the renderer words with the checks (preload/words). */
  summary: z.object({
    code: z.enum(['not_connected', 'connected', 'sample', 'check_failed']),
    params: z
      .object({
        organization: z.boolean().optional(),
        sample: z.boolean().optional(),
        host: z
          .string()
          .regex(/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/)
          .optional(),
        region: z.enum(['us', 'eu', 'local']).optional(),
        connected: z.boolean().optional(),
      })
      .strict()
      .optional(),
  }) satisfies z.ZodType<SummaryNote>,
  healthy: z.boolean(),
  /** The ways in offered here (absent: all but the organization's sign-in). */
  methods: SignInMethodsSchema.optional(),
  /** A sign-in with the organization is waiting for the person in the browser. */
  signingIn: z.boolean().optional(),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;
