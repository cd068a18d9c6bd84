/**
 * The IPC handlers implementing the contract over the visit services. Requests arrive parsed (the router
 * did it); each handler returns `ok(data)`. Expected visit failures and client-side limit errors become
 * `{ok: false}` here; API, audio and unknown errors are left to the router's mapping.
 */
import {
  fail,
  ok,
  type channels,
  type dictationChannels,
  type IpcResult,
} from '../../preload/contract/index.ts';
import type { ChannelHandlers } from '../ipc/channel-map.ts';
import { LimitError } from '../api/limits.ts';
import { EM_SPECIALTIES, NOTE_LOCALES } from '../api/schemas/common.ts';
import { SettingsService } from './settings-service.ts';
import type { VisitApp } from './visit-app.ts';
import { VisitFailure } from './visit-failure.ts';

/** Runs a handler body, turning expected failures into values. */
export async function guard<T>(body: () => T | Promise<T>): Promise<IpcResult<T>> {
  try {
    return ok(await body());
  } catch (error) {
    if (error instanceof VisitFailure)
      return fail(error.code, { detail: error.detail, retryable: error.retryable });
    // LimitError messages state counts and field labels only (main/api/limits.ts guarantees it).
    if (error instanceof LimitError) return fail('limit_exceeded', { detail: error.message });
    throw error;
  }
}

/** Every channel's handler. */
export function createVisitHandlers(
  app: VisitApp,
): ChannelHandlers<Omit<typeof channels, keyof typeof dictationChannels>> {
  const conn = app.connections;
  const core = () => conn.require().core;
  const settings = new SettingsService(conn, app.deps.audio, app.deps.preferences, app.deps.emit);
  const transcript = () => app.recorder.transcript.finalInputs();

  return {
    'connect:status': () => guard(() => conn.status()),
    'connect:configure': (r) => guard(() => conn.configure(r.baseUrl, r.credentials)),
    'connect:check': () => guard(() => conn.check()),
    'connect:disconnect': () => guard(() => conn.disconnect()),
    'connect:sample': () => guard(() => conn.useSample()),

    'visit:options': () => guard(() => app.options()),
    'visit:arm': (r) => guard(() => app.arm(r)),
    'visit:disarm': () => guard(() => app.disarm()),
    'visit:start': (r) => guard(() => app.start(r)),
    'visit:pause': () => guard(() => app.pause()),
    'visit:resume': () => guard(() => app.resume()),
    'visit:end': () => guard(() => app.end()),
    'visit:state': () => guard(() => app.recorder.state),
    'visit:transcript': () => guard(() => ({ items: app.recorder.transcript.all() })),
    'visit:discard': () => guard(() => app.discard()),
    'visit:recoverable': () => guard(async () => ({ visits: await app.recoverable() })),
    'visit:recover': (r) => guard(() => app.recover(r.id)),
    'visit:forgetRecoverable': (r) => guard(async () => ({ visits: await app.forgetRecoverable(r.id) })),

    'note:templates': () =>
      guard(async () => {
        const api = core();
        const settingsAnswer = api.caller === 'user' ? await api.noteSettings().catch(() => null) : null;
        const templates = await api.templates(settingsAnswer?.note_locale ?? undefined);
        return {
          templates: templates.map((t) => ({
            key: t.key,
            title: t.title ?? t.key,
            description: t.description ?? '',
          })),
          defaultKey: settingsAnswer?.note_template_key ?? templates[0]?.key ?? null,
          noteLocales: [...NOTE_LOCALES],
          defaultLocale: settingsAnswer?.note_locale ?? 'ENGLISH_US',
        };
      }),
    'note:get': () => guard(() => ({ note: app.notes.note })),
    'note:generate': (r) => guard(() => app.generateNote(r)),
    'note:editSection': (r) => guard(() => app.notes.editSection(r.revision, r.key, r.content)),
    'note:editByInstruction': (r) => guard(() => app.notes.editByInstruction(core(), r.instructions)),

    'codes:normalized': () => guard(() => app.notes.codes(core())),
    'codes:em': (r) => guard(() => app.notes.em(core(), r.specialty, transcript())),
    'codes:emSpecialties': () =>
      guard(() => ({
        specialties: [...EM_SPECIALTIES],
        available: conn.mode !== 'none' && core().caller === 'server',
      })),
    'orders:suggest': () => guard(() => app.notes.orders(core())),
    'instructions:generate': (r) => guard(() => app.notes.instructions(core(), r.locale, r.recipient)),
    'instructions:translate': (r) => guard(() => app.notes.translate(core(), r.fromLocale, r.toLocale)),

    'copy:note': (r) => guard(() => app.copy(r.sectionKey)),
    'copy:instructions': () => guard(() => app.copyInstructions()),

    'settings:get': () => guard(() => settings.get()),
    'settings:update': (r) => guard(() => settings.update(r)),
    'settings:micTest': (r) =>
      guard(async () => (await settings.micTest(r.deviceId, r.on), { done: true as const })),
    'settings:customization': (r) => guard(() => settings.customization(r.templateKey)),
    'settings:saveCustomization': (r) => guard(() => settings.saveCustomization(r)),
    'dotPhrases:list': () => guard(async () => ({ items: await core().dotPhrases().list() })),
    'dotPhrases:bulk': (r) =>
      guard(async () => {
        const store = core().dotPhrases();
        if (r.op === 'create') await store.bulkCreate(r.items);
        else if (r.op === 'update') await store.bulkUpdate(r.items);
        else await store.bulkDelete(r.ids);
        return { items: await store.list() };
      }),
    'replacements:list': () => guard(async () => ({ items: await core().textReplacements().list() })),
    'replacements:save': (r) =>
      guard(async () => {
        const store = core().textReplacements();
        await store.save(r);
        return { items: await store.list() };
      }),
    'replacements:delete': (r) =>
      guard(async () => {
        const store = core().textReplacements();
        await store.remove(r.id);
        return { items: await store.list() };
      }),
  };
}
