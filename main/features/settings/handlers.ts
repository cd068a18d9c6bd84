/** The Settings screen's channels: local preferences, note settings, dot phrases and text replacements. */
import type { CoreAccess } from '../connection/ports.ts';
import { guard, type HandlerSlice } from '../../core/ipc/handler-slice.ts';
import type { SettingsService } from './settings-service.ts';

/** `settings:*` (but `settings:policy`: main/compose/policy-handlers.ts), `dotPhrases:*` and `replacements:*` handlers. */
export function createSettingsHandlers(
  settings: SettingsService,
  access: CoreAccess,
): Omit<HandlerSlice<'settings' | 'dotPhrases' | 'replacements'>, 'settings:policy'> {
  const core = () => access.require();
  return {
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
