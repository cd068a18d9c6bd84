/**
 * The focused field of an application that speaks UI Automation (browsers, WPF, UWP, modern EHR clients)
 * where classic Edit messages do not apply: its text and selection through TextPattern, and selecting a
 * range. Only the target's own process counts (the focused element of another window is not our field), a
 * password field is never read, and an element without TextPattern (ValuePattern alone gives the text but
 * not where the caret is) is unreadable: without the caret no blank can be found from it and no write can
 * be checked against it.
 *
 * Offsets: the text handed out has '\n' for each line break; a provider that counts CR LF (WPF, Win32
 * proxies) as two characters gets its own offsets back. Characters are assumed to be UTF-16 units, as in
 * Chromium's and WPF's providers.
 */
import type { FieldText } from '../desktop.ts';
import type { UiaApi, UiaElement } from './uia-api.ts';

/** The focused element of process `pid`, whatever it is (released by the caller), or undefined. */
function focusedIn(api: UiaApi, pid: number | undefined): UiaElement | undefined {
  const el = pid === undefined ? undefined : api.focused();
  if (el && el.processId === pid) return el;
  el?.release();
  return undefined;
}

/** Whether the focused element of `pid` says it is a password field; undefined when none is focused there. */
export function uiaPasswordFocused(api: UiaApi, pid: number | undefined): boolean | undefined {
  const el = focusedIn(api, pid);
  if (!el) return undefined;
  try {
    return el.isPassword;
  } finally {
    el.release();
  }
}

/** Runs `use` on the readable focused field of `pid` (released after), or gives undefined. */
export function withUiaField<T>(
  api: UiaApi,
  pid: number | undefined,
  use: (field: UiaField) => T,
): T | undefined {
  const el = focusedIn(api, pid);
  if (!el) return undefined;
  try {
    return el.isPassword ? undefined : use(new UiaField(el));
  } finally {
    el.release();
  }
}

/** Reads and selects in one UI Automation text element. */
export class UiaField {
  constructor(private readonly el: UiaElement) {}

  read(): FieldText | undefined {
    const raw = this.el.text();
    if (!raw) return undefined;
    const text = raw.text.replace(/\r\n|\r/g, '\n');
    const start = fromNative(raw.text, raw.selectionStart);
    const end = fromNative(raw.text, raw.selectionStart + raw.selectionLength);
    return { text, selectionStart: start, selectionLength: end - start };
  }

  /** Selects [start, start + length) of `text` (what read() gave). */
  select(text: string, start: number, length: number): boolean {
    const raw = this.el.text()?.text;
    if (raw === undefined || raw.replace(/\r\n|\r/g, '\n') !== text) return false; // changed meanwhile
    const from = toNative(raw, start);
    return this.el.select(from, toNative(raw, start + length) - from);
  }
}

/** The offset in `raw` (the provider's text) of offset `offset` in its '\n' form. */
function toNative(raw: string, offset: number): number {
  let units = 0;
  for (let js = 0; js < offset && units < raw.length; js++) units += raw.startsWith('\r\n', units) ? 2 : 1;
  return units;
}

/** The offset in the '\n' form of offset `native` in `raw`. */
function fromNative(raw: string, native: number): number {
  let js = 0;
  for (let units = 0; units < native && units < raw.length; js++)
    units += raw.startsWith('\r\n', units) ? 2 : 1;
  return js;
}
