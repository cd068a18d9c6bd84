/**
 * The policy around every capability's handlers: what the organization fixes is refused with
 * `policy_locked` (naming the setting) before the capability is asked, and the values it fixes are the ones
 * answered. One decorator over the merged slices, so no capability has to remember the policy; plus the
 * `settings:policy` slice the window shows the locks from.
 *
 * Part of the composition root, not of a room: it wraps connection, visit, note and settings channels by
 * design, and only the root may know every capability (rooms may not import this file: a lint rule).
 */
import { ok, type IpcResult } from '../../preload/contract/index.ts';
import { guard, type AppHandlers } from '../core/ipc/handler-slice.ts';
import type { SettingsPolicy } from '../features/settings/settings-feature.ts';

/** Refuses with the check's failure, else runs the handler. */
async function checked<T>(
  check: () => void,
  next: () => IpcResult<T> | Promise<IpcResult<T>>,
): Promise<IpcResult<T>> {
  const verdict = await guard(check);
  return verdict.ok ? next() : { ok: false, error: verdict.error };
}

/** Maps a successful answer. */
async function mapped<T>(
  answer: IpcResult<T> | Promise<IpcResult<T>>,
  map: (data: T) => T,
): Promise<IpcResult<T>> {
  const result = await answer;
  return result.ok ? ok(map(result.data)) : result;
}

/** `settings:policy`: what IT fixes, and where from, for the window to show. */
export function createPolicyHandlers(policy: SettingsPolicy): Pick<AppHandlers, 'settings:policy'> {
  return { 'settings:policy': () => guard(() => policy.view()) };
}

/** Every channel's handlers with the policy enforced. */
export function withPolicy(handlers: AppHandlers, policy: SettingsPolicy): AppHandlers {
  return {
    ...handlers,
    'connect:configure': (r, ctx) =>
      checked(
        () => policy.checkConnection(r.baseUrl, r.credentials),
        () => handlers['connect:configure'](r, ctx),
      ),
    'visit:arm': (r, ctx) =>
      checked(
        () => policy.checkVisit(r),
        () => handlers['visit:arm'](r, ctx),
      ),
    'visit:start': (r, ctx) =>
      checked(
        () => policy.checkVisit(r),
        () => handlers['visit:start'](r, ctx),
      ),
    'note:templates': (r, ctx) =>
      mapped(handlers['note:templates'](r, ctx), (answer) => ({
        ...answer,
        defaultKey: policy.locked('noteTemplateKey')?.value ?? answer.defaultKey,
        defaultLocale: policy.locked('noteLocale')?.value ?? answer.defaultLocale,
      })),
    'note:generate': async (r, ctx) => {
      const applied = await guard(() => policy.applyToNote(r));
      return applied.ok ? handlers['note:generate'](applied.data, ctx) : applied;
    },
    'settings:get': (r, ctx) => mapped(handlers['settings:get'](r, ctx), (s) => policy.applyToSettings(s)),
    'settings:update': (r, ctx) =>
      checked(
        () => policy.checkSettingsPatch(r),
        () => mapped(handlers['settings:update'](r, ctx), (s) => policy.applyToSettings(s)),
      ),
  };
}
