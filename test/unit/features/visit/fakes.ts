/** Fakes of the visit's own ports, for unit tests (no network, no audio device). */
import type { ErrorCode } from '../../../../preload/contract/index.ts';
import type { Note } from '../../../../main/core/api/schemas/note.ts';
import type { RecoveredSession } from '../../../../main/core/journal/journal-replay.ts';
import type { Connection, CoreApi } from '../../../../main/features/connection/ports.ts';
import type {
  LiveHealth,
  LiveItem,
  LiveSession,
  LiveStream,
  LiveTranscriber,
} from '../../../../main/features/visit/ports.ts';

type Listener<T> = (value: T) => void;

/** A live session the test drives by hand. */
export class FakeLiveSession implements LiveSession {
  readonly items = new Set<Listener<LiveItem>>();
  readonly health = new Set<Listener<LiveHealth>>();
  readonly fails = new Set<Listener<{ code: ErrorCode }>>();
  readonly audioEnds = new Set<Listener<{ code: ErrorCode | null }>>();
  readonly calls: string[] = [];
  constructor(
    readonly streams: readonly LiveStream[],
    readonly started: Promise<void> = Promise.resolve(),
    /** Whether a journal keeps its audio (false like the sample visit's). */
    readonly journaled = true,
  ) {}
  onDidItem(l: Listener<LiveItem>) {
    this.items.add(l);
    return () => this.items.delete(l);
  }
  onDidHealth(l: Listener<LiveHealth>) {
    this.health.add(l);
    return () => this.health.delete(l);
  }
  onDidFail(l: Listener<{ code: ErrorCode }>) {
    this.fails.add(l);
    return () => this.fails.delete(l);
  }
  onDidAudioEnd(l: Listener<{ code: ErrorCode | null }>) {
    this.audioEnds.add(l);
    return () => this.audioEnds.delete(l);
  }
  async pause() {
    this.calls.push('pause');
  }
  async resume() {
    this.calls.push('resume');
  }
  async end() {
    this.calls.push('end');
  }
  async abort() {
    this.calls.push('abort');
  }
  async forget() {
    this.calls.push('forget');
  }
  keep() {
    this.calls.push('keep');
    return this.journaled;
  }
  fail(code: ErrorCode) {
    for (const l of this.fails) l({ code });
  }
  item(item: LiveItem) {
    for (const l of this.items) l(item);
  }
}

/** A transcriber that hands out FakeLiveSessions. */
export class FakeTranscriber implements LiveTranscriber {
  sessions: FakeLiveSession[] = [];
  locales: readonly string[] = [];
  /** What the next sessions' `started` is (resolved unless a test sets it). */
  started: () => Promise<void> = () => Promise.resolve();
  journaled = true;
  async start(options: { locales: readonly string[]; streams: readonly LiveStream[] }) {
    this.locales = options.locales;
    const session = new FakeLiveSession(options.streams, this.started(), this.journaled);
    this.sessions.push(session);
    return session;
  }
  /** What resend() answers, and the journals it was asked to send again. */
  resendItems: LiveItem[] = [];
  resent: string[] = [];
  async resend(recovered: RecoveredSession) {
    this.resent.push(recovered.id);
    return this.resendItems;
  }
}

export const NOTE: Note = {
  title: 'Visit note',
  locale: 'ENGLISH_US',
  template_key: 'GENERIC_MULTIPLE_SECTIONS',
  sections: [
    {
      key: 'CHIEF_COMPLAINT',
      title: 'Chief complaint',
      content: { type: 'TEXT', text: '**Chest pain** for three days.  ' },
    },
    {
      key: 'ASSESSMENT_AND_PLAN',
      title: 'Assessment and plan',
      content: {
        type: 'SUBSECTIONS',
        subsections: [{ id: 's1', title: 'Chest pain', text: '• ECG today\n• Recheck in two weeks' }],
      },
    },
  ],
};

/** A CoreApi whose calls are recorded; every method the test does not set throws. */
export function fakeCore(
  caller: 'server' | 'user',
  overrides: Partial<CoreApi> = {},
): CoreApi & { calls: string[] } {
  const calls: string[] = [];
  const fail = (name: string) => () => {
    calls.push(name);
    throw new Error(`unexpected ${name}`);
  };
  const base: CoreApi = {
    caller,
    generateNote: async () => (calls.push('generateNote'), NOTE),
    generateNoteAsync: async (_r, onProgress) => (calls.push('generateNoteAsync'), onProgress(1_000), NOTE),
    editNote: async (r) => (calls.push('editNote'), { ...r.note, title: 'Edited' }),
    normalizedData: fail('normalizedData'),
    suggestedOrders: fail('suggestedOrders'),
    emCodes: async () => (calls.push('emCodes'), { codes: [{ code: '99214', description: 'Office visit' }] }),
    patientInstructions: async () => (calls.push('patientInstructions'), 'Take your medicine.'),
    translateInstructions: async (r) => (
      calls.push(`translate:${r.fromLocale}->${r.toLocale}`),
      'Prenez vos médicaments.'
    ),
    templates: fail('templates'),
    noteSettings: fail('noteSettings'),
    updateNoteSettings: fail('updateNoteSettings'),
    customization: fail('customization'),
    updateCustomization: fail('updateCustomization'),
    dotPhrases: fail('dotPhrases'),
    textReplacements: fail('textReplacements'),
  };
  return Object.assign(base, overrides, { calls });
}

/**
 * A connection to a fake organization in the US region: its core is `fakeCore` for the connection's caller
 * (the server unless `overrides` say), its checks find nothing, closing it does nothing; `overrides` replace
 * any part (the transcriber the test drives, the checks, a sign-out).
 */
export function fakeConnection(overrides: Partial<Connection> = {}): Connection {
  const caller = overrides.caller ?? overrides.core?.caller ?? 'server';
  return {
    baseUrl: new URL('https://us.api.example.com'),
    region: 'us',
    caller,
    core: fakeCore(caller),
    transcriber: new FakeTranscriber(),
    checks: async () => [],
    close: async () => undefined,
    ...overrides,
  };
}
