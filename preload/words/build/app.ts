/**
 * The words main shows itself, never the window: the Electron shell's tray, quit question and failed start,
 * the operating system's notifications about updates, and the browser preview's title and banner (the
 * catalogue's `app.json`), their leaves called as the callers call them.
 */
import type APP from '../en/app.json';
import { UPDATE_REFUSALS, type UpdateRefusal } from '../../contract/update-codes.ts';
import { compile, type Compiled, type Prepares } from '../messages.ts';

/** The same value for each update refusal's message (UPDATE_REFUSALS: the catalogue words every one). */
function perRefusal<T>(value: T): { readonly [R in UpdateRefusal as `updates.refused.${R}`]: T } {
  return Object.fromEntries(UPDATE_REFUSALS.map((r) => [`updates.refused.${r}`, value])) as never;
}

const APP_SIGNATURES = {
  'updates.readyBody': ['version:string?'],
  ...perRefusal(['version:string?'] as const),
  'updates.refusedOther': ['code'],
  'shell.tray.tooltip': ['product', 'status'],
  'shell.tray.show': ['product'],
} as const;

/** An empty version reads as none (`null`: the message's own words for an update of unknown version). */
const version = (v: string | null | undefined) => ({ version: v || null });

const PREPARE: Prepares<typeof APP_SIGNATURES> = {
  'updates.readyBody': version,
  ...perRefusal(version),
};

/** The shell's, the updates' and the preview's words in the language `tag`, from its catalogue. */
export function appWords(tag: string, catalogue: typeof APP): Compiled<typeof APP, typeof APP_SIGNATURES> {
  return compile(tag, catalogue, APP_SIGNATURES, PREPARE);
}
