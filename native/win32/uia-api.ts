/**
 * UI Automation through koffi: the few COM calls that read and select text in the focused element of any
 * toolkit that implements UIA (browsers, WPF, UWP, modern EHR clients), where classic Edit messages do not
 * apply. Thin on purpose: one method per COM call sequence, every object released; the logic (offsets, which
 * process, password refusal) is in uia-field.ts, unit-tested through a fake of this interface.
 *
 * COM from koffi: CoCreateInstance(CLSID_CUIAutomation) gives IUIAutomation; each method is called through
 * the object's vtable (slot numbers from UIAutomationClient.h, IUnknown's three first). Strings come back as
 * BSTRs, read by length and freed with SysFreeString.
 *
 * Under Wine 8.0 this cannot run: CoCreateInstance(CLSID_CUIAutomation) fails with REGDB_E_CLASSNOTREG
 * (0x80040154; Wine 8.0's uiautomationcore has no IUIAutomation object), and its flat API's UiaNodeFromHandle
 * answers E_NOTIMPL for an Edit ("Default ProviderType_Proxy MSAA provider unimplemented"). The Windows lane
 * checks that this is reported as "unavailable" without harm; the calls beyond it have never run.
 */
import { loadNative } from '../native-module.ts';
import type * as Koffi from 'koffi';

/** A focused element's text and first selection, in UTF-16 units of the text as the provider gives it. */
export interface UiaText {
  readonly text: string;
  readonly selectionStart: number;
  readonly selectionLength: number;
}

/** The focused UI Automation element, valid until release(). */
export interface UiaElement {
  readonly processId: number;
  readonly isPassword: boolean;
  /** TextPattern: the whole text and the first selection (or caret); undefined without the pattern. */
  text(): UiaText | undefined;
  /** TextPattern: selects `length` characters from `start` (the provider's units); false when it cannot. */
  select(start: number, length: number): boolean;
  release(): void;
}

/** The UI Automation client. */
export interface UiaApi {
  /** The element with the keyboard focus, on the whole desktop; undefined when there is none. */
  focused(): UiaElement | undefined;
}

/** Why UI Automation cannot be used here: the failing call and its HRESULT. */
export interface UiaUnavailable {
  readonly call: string;
  readonly hresult: number;
}

/** Creates the client, or says which call failed (Windows only). */
export function loadUiaApi(): { api: UiaApi } | { api: null; unavailable: UiaUnavailable } {
  const c = (com ??= bindCom());
  const init = c.CoInitializeEx(null, COINIT_MULTITHREADED) >>> 0;
  // S_OK, S_FALSE (already), RPC_E_CHANGED_MODE (Electron's thread is an STA): COM is usable in each.
  if (init > 1 && init !== RPC_E_CHANGED_MODE)
    return { api: null, unavailable: { call: 'CoInitializeEx', hresult: init } };
  const out: unknown[] = [null];
  const hr =
    c.CoCreateInstance(
      guid(CLSID_CUIAutomation),
      null,
      CLSCTX_INPROC_SERVER,
      guid(IID_IUIAutomation),
      out,
    ) >>> 0;
  if (hr !== 0 || !out[0])
    return { api: null, unavailable: { call: 'CoCreateInstance(CUIAutomation)', hresult: hr } };
  const automation = out[0];
  return { api: { focused: () => focusedElement(c, automation) } };
}

const COINIT_MULTITHREADED = 0;
const CLSCTX_INPROC_SERVER = 1;
const RPC_E_CHANGED_MODE = 0x80010106;
const CLSID_CUIAutomation = 'ff48dba4-60ef-4201-aa87-54103eef594e';
const IID_IUIAutomation = '30cbe57d-d9d0-452a-ab13-7ac5ac4825ee';
const IID_TextPattern = '32eba289-3583-42c9-9c59-3b6d9a1e9b6a';
const UIA_TextPatternId = 10014;
const TextUnit_Character = 0;
const ENDPOINT_START = 0;
const ENDPOINT_END = 1;
/** Vtable slots (IUnknown: 0 QueryInterface, 1 AddRef, 2 Release). */
const SLOT = {
  release: 2,
  automationGetFocusedElement: 8,
  elementGetCurrentPatternAs: 14,
  elementProcessId: 20,
  elementIsPassword: 35,
  textGetSelection: 5,
  textDocumentRange: 7,
  arrayLength: 3,
  arrayGetElement: 4,
  rangeClone: 3,
  rangeGetText: 12,
  rangeMoveEndpointByUnit: 14,
  rangeMoveEndpointByRange: 15,
  rangeSelect: 16,
} as const;

/** A GUID's 16 bytes as COM lays them out. */
function guid(text: string): Buffer {
  const h = text.replace(/-/g, '');
  const b = Buffer.alloc(16);
  b.writeUInt32LE(parseInt(h.slice(0, 8), 16), 0);
  b.writeUInt16LE(parseInt(h.slice(8, 12), 16), 4);
  b.writeUInt16LE(parseInt(h.slice(12, 16), 16), 6);
  for (let i = 0; i < 8; i++) b[8 + i] = parseInt(h.slice(16 + 2 * i, 18 + 2 * i), 16);
  return b;
}

type Com = ReturnType<typeof bindCom>;
let com: Com | undefined;

function bindCom() {
  const koffi = loadNative<typeof Koffi>('koffi');
  const ole32 = koffi.load('ole32.dll');
  const oleaut32 = koffi.load('oleaut32.dll');
  const proto = (p: string) => koffi.proto(p);
  return {
    koffi,
    CoInitializeEx: ole32.func('int __stdcall CoInitializeEx(void *reserved, uint32_t flags)'),
    CoCreateInstance: ole32.func(
      'int __stdcall CoCreateInstance(const uint8_t *clsid, void *outer, uint32_t context, const uint8_t *iid, _Out_ void **object)',
    ),
    SysStringLen: oleaut32.func('uint32_t __stdcall SysStringLen(void *text)'),
    SysFreeString: oleaut32.func('void __stdcall SysFreeString(void *text)'),
    p: {
      release: proto('uint32_t __stdcall UiaRelease(void *self)'),
      out: proto('int __stdcall UiaGetObject(void *self, _Out_ void **object)'),
      int: proto('int __stdcall UiaGetInt(void *self, _Out_ int *value)'),
      patternAs: proto(
        'int __stdcall UiaPatternAs(void *self, int id, const uint8_t *iid, _Out_ void **object)',
      ),
      element: proto('int __stdcall UiaArrayElement(void *self, int index, _Out_ void **object)'),
      getText: proto('int __stdcall UiaGetText(void *self, int max, _Out_ void **text)'),
      byUnit: proto(
        'int __stdcall UiaByUnit(void *self, int endpoint, int unit, int count, _Out_ int *moved)',
      ),
      byRange: proto('int __stdcall UiaByRange(void *self, int endpoint, void *range, int target)'),
      call: proto('int __stdcall UiaCall(void *self)'),
    },
  };
}

/** Calls vtable slot `slot` of a COM object with `self` first; returns the HRESULT (or ULONG) unsigned. */
function vcall(c: Com, self: unknown, slot: number, proto: Koffi.TypeObject, ...args: unknown[]): number {
  const vtable = c.koffi.decode(self, 'void *') as unknown;
  const fn = c.koffi.decode(vtable, slot * 8, 'void *') as unknown;
  return (c.koffi.call(fn, proto, self, ...args) as number) >>> 0;
}

/** Calls a getter that hands out a COM object; undefined on failure. */
function getObject(
  c: Com,
  self: unknown,
  slot: number,
  proto: Koffi.TypeObject,
  ...args: unknown[]
): unknown {
  const out: unknown[] = [null];
  return vcall(c, self, slot, proto, ...args, out) === 0 && out[0] ? out[0] : undefined;
}

const release = (c: Com, ...objects: unknown[]) =>
  objects.forEach((o) => o && vcall(c, o, SLOT.release, c.p.release));

function bstr(c: Com, p: unknown): string {
  if (!p) return '';
  const n = c.SysStringLen(p) as number;
  const text = Buffer.from(c.koffi.view(p, n * 2)).toString('utf16le');
  c.SysFreeString(p);
  return text;
}

function rangeText(c: Com, range: unknown): string | undefined {
  const out: unknown[] = [null];
  return vcall(c, range, SLOT.rangeGetText, c.p.getText, -1, out) === 0 ? bstr(c, out[0]) : undefined;
}

function focusedElement(c: Com, automation: unknown): UiaElement | undefined {
  const el = getObject(c, automation, SLOT.automationGetFocusedElement, c.p.out);
  if (!el) return undefined;
  const int = (slot: number) => {
    const v = [0];
    return vcall(c, el, slot, c.p.int, v) === 0 ? v[0]! : undefined;
  };
  const pattern = (id: number, iid: string) =>
    getObject(c, el, SLOT.elementGetCurrentPatternAs, c.p.patternAs, id, guid(iid));
  return {
    processId: int(SLOT.elementProcessId) ?? 0,
    // An element that cannot say is treated as a password field: never read.
    isPassword: int(SLOT.elementIsPassword) !== 0,
    text: () => withText(c, pattern(UIA_TextPatternId, IID_TextPattern), (tp) => readText(c, tp)),
    select: (start, length) =>
      withText(c, pattern(UIA_TextPatternId, IID_TextPattern), (tp) => selectRange(c, tp, start, length)) ??
      false,
    release: () => release(c, el),
  };
}

function withText<T>(c: Com, tp: unknown, use: (tp: unknown) => T): T | undefined {
  if (!tp) return undefined;
  try {
    return use(tp);
  } finally {
    release(c, tp);
  }
}

/** The document's text; the selection's start is the length of the text from the document's start to it. */
function readText(c: Com, tp: unknown): UiaText | undefined {
  const doc = getObject(c, tp, SLOT.textDocumentRange, c.p.out);
  const ranges = getObject(c, tp, SLOT.textGetSelection, c.p.out);
  const count = [0];
  const selection =
    ranges && vcall(c, ranges, SLOT.arrayLength, c.p.int, count) === 0 && count[0]! > 0
      ? getObject(c, ranges, SLOT.arrayGetElement, c.p.element, 0)
      : undefined;
  const before = doc ? getObject(c, doc, SLOT.rangeClone, c.p.out) : undefined;
  try {
    if (!doc || !selection || !before) return undefined;
    if (
      vcall(
        c,
        before,
        SLOT.rangeMoveEndpointByRange,
        c.p.byRange,
        ENDPOINT_END,
        selection,
        ENDPOINT_START,
      ) !== 0
    )
      return undefined;
    const text = rangeText(c, doc);
    const head = rangeText(c, before);
    const selected = rangeText(c, selection);
    if (text === undefined || head === undefined || selected === undefined) return undefined;
    return { text, selectionStart: head.length, selectionLength: selected.length };
  } finally {
    release(c, before, selection, ranges, doc);
  }
}

/** A range collapsed to the document's start, its end moved to start + length, then its start to start. */
function selectRange(c: Com, tp: unknown, start: number, length: number): boolean {
  const doc = getObject(c, tp, SLOT.textDocumentRange, c.p.out);
  const range = doc ? getObject(c, doc, SLOT.rangeClone, c.p.out) : undefined;
  try {
    if (!range) return false;
    const moved = [0];
    return (
      vcall(c, range, SLOT.rangeMoveEndpointByRange, c.p.byRange, ENDPOINT_END, range, ENDPOINT_START) ===
        0 &&
      vcall(
        c,
        range,
        SLOT.rangeMoveEndpointByUnit,
        c.p.byUnit,
        ENDPOINT_END,
        TextUnit_Character,
        start + length,
        moved,
      ) === 0 &&
      moved[0] === start + length &&
      vcall(
        c,
        range,
        SLOT.rangeMoveEndpointByUnit,
        c.p.byUnit,
        ENDPOINT_START,
        TextUnit_Character,
        start,
        moved,
      ) === 0 &&
      vcall(c, range, SLOT.rangeSelect, c.p.call) === 0
    );
  } finally {
    release(c, range, doc);
  }
}
