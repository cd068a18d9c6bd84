/**
 * What the clinician is told about an update, in their words (preload/words, the window's language): one
 * place chooses the notification's sentences, so the Electron shell only shows them. A refusal's reason
 * comes from our own checks (embedded-version.ts: `embedded_version_*`) or from electron-updater's error
 * codes (`ERR_UPDATER_INVALID_SIGNATURE`, `ERR_CHECKSUM_MISMATCH`); one of no known kind still says what
 * happened and what to do, with its code for IT.
 */
import { chooseLocale, LOCALES } from '../../../preload/words/index.ts';
import {
  UPDATE_REFUSALS,
  type DisplayLanguage,
  type UpdateRefusal,
} from '../../../preload/contract/index.ts';

/** What happened to an update. */
export type UpdateEvent =
  | { readonly kind: 'ready'; readonly version: string | null }
  | { readonly kind: 'refused'; readonly reason: string; readonly version: string | null };

/** A notification's title and body. */
export interface UpdateNotification {
  readonly title: string;
  readonly body: string;
}

/** electron-updater's codes for a download it refused, as our refusal codes. */
const UPDATER_CODES: Readonly<Record<string, UpdateRefusal>> = {
  ERR_UPDATER_INVALID_SIGNATURE: 'signature_invalid',
  ERR_CHECKSUM_MISMATCH: 'checksum_mismatch',
};

/** The refusal a reason names, or null for a reason of no known kind (a network failure, a newer code). */
export function refusalOf(reason: string): UpdateRefusal | null {
  if ((UPDATE_REFUSALS as readonly string[]).includes(reason)) return reason as UpdateRefusal;
  return UPDATER_CODES[reason] ?? null;
}

/** Whether a failure the update controller reports is a refusal the clinician is told about. */
export function isToldRefusal(code: string | null): code is string {
  return code !== null && code in UPDATER_CODES;
}

/**
 * The notification for an update event, in `language` (the displayLanguage setting or policy) else the
 * first of the system's languages the app speaks (`system`, e.g. Electron's preferred languages), else English.
 */
export function updateNotification(
  event: UpdateEvent,
  language: { readonly setting: DisplayLanguage | null; readonly system: readonly string[] },
): UpdateNotification {
  const w = LOCALES[chooseLocale(language.setting, language.system)].updates;
  if (event.kind === 'ready') return { title: w.readyTitle, body: w.readyBody(event.version) };
  const refusal = refusalOf(event.reason);
  // Only a code-shaped reason is repeated to the clinician (it is for IT); anything else is left out.
  const code = /^[A-Za-z0-9_.-]{1,64}$/.test(event.reason) ? event.reason : 'unknown';
  return {
    title: w.refusedTitle,
    body: refusal ? w.refused[refusal](event.version) : w.refusedOther(code),
  };
}
