/**
 * CoreGraphics, ApplicationServices (Accessibility), Carbon and the Objective-C runtime through koffi: what
 * dictation needs on macOS, behind an interface so the logic (mac-desktop.ts) is unit-tested with a fake.
 * Posting events and reading the focused field both need the Accessibility grant. Type-checked here; it has
 * not run on a Mac from this repository's machine.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

const require = createRequire(import.meta.url);

/** The focused UI element of an application, as Accessibility reports it. */
export interface AxElement {
  readonly role?: string;
  readonly subrole?: string;
  readonly value?: string;
  /** AXSelectedTextRange, in UTF-16 units. */
  readonly selection?: { location: number; length: number };
}

/** The macOS layer. */
export interface MacApi {
  frontmostApp(): { pid: number; bundleId?: string } | undefined;
  /** NSRunningApplication activateWithOptions: (ignoring other apps). */
  activateApp(pid: number): boolean;
  axTrusted(): boolean;
  focusedElement(pid: number): AxElement | undefined;
  secureInputEnabled(): boolean;
  /** A key event by virtual keycode with the given CGEventFlags. */
  postKey(keycode: number, down: boolean, flags: number): void;
  /** A key event carrying text (≤ 20 UTF-16 units, CGEventKeyboardSetUnicodeString). */
  postUnicode(text: string, down: boolean): void;
  /** The keycode typing `ch` unshifted on the current layout (UCKeyTranslate), if any. */
  keycodeFor(ch: string): number | undefined;
  /** CGEventSourceFlagsState of the combined session: modifiers held now. */
  modifierFlags(): number;
}

const UTF8 = 0x0800_0100;
const HID_EVENT_TAP = 0;
const COMBINED_SESSION = 0;
const AX_VALUE_CFRANGE = 4;

/** Binds the real frameworks (macOS only). */
export function loadMacApi(): MacApi {
  const koffi = require('koffi') as typeof Koffi;
  const fw = (name: string) => koffi.load(`/System/Library/Frameworks/${name}.framework/${name}`);
  const cg = fw('CoreGraphics');
  const cf = fw('CoreFoundation');
  const ax = fw('ApplicationServices');
  const carbon = fw('Carbon');
  const objc = koffi.load('/usr/lib/libobjc.A.dylib');
  koffi.struct('CFRange', { location: 'long', length: 'long' });

  const CFRelease = cf.func('void CFRelease(void *ref)');
  const CFStringCreate = cf.func('void *CFStringCreateWithCString(void *alloc, const char *s, uint32_t enc)');
  const CFStringGetCString = cf.func(
    'bool CFStringGetCString(void *s, _Out_ uint8_t *buf, long size, uint32_t enc)',
  );
  const CFStringGetLength = cf.func('long CFStringGetLength(void *s)');
  const CFGetTypeID = cf.func('unsigned long CFGetTypeID(void *ref)');
  const CFStringGetTypeID = cf.func('unsigned long CFStringGetTypeID()');
  const CFDataGetBytePtr = cf.func('void *CFDataGetBytePtr(void *data)');
  const CreateKey = cg.func('void *CGEventCreateKeyboardEvent(void *source, uint16_t key, bool down)');
  const SetFlags = cg.func('void CGEventSetFlags(void *event, uint64_t flags)');
  const SetUnicode = cg.func(
    'void CGEventKeyboardSetUnicodeString(void *event, unsigned long n, const uint16_t *s)',
  );
  const Post = cg.func('void CGEventPost(uint32_t tap, void *event)');
  const FlagsState = cg.func('uint64_t CGEventSourceFlagsState(int32_t state)');
  const AXIsProcessTrusted = ax.func('bool AXIsProcessTrusted()');
  const AXCreateApp = ax.func('void *AXUIElementCreateApplication(int32_t pid)');
  const AXCopy = ax.func('int32_t AXUIElementCopyAttributeValue(void *el, void *attr, _Out_ void **value)');
  const AXValueGetValue = ax.func('bool AXValueGetValue(void *value, int32_t type, _Out_ CFRange *out)');
  const IsSecure = carbon.func('bool IsSecureEventInputEnabled()');
  const TISCurrentLayout = carbon.func('void *TISCopyCurrentKeyboardLayoutInputSource()');
  const TISGetProperty = carbon.func('void *TISGetInputSourceProperty(void *source, void *key)');
  const LMGetKbdType = carbon.func('uint8_t LMGetKbdType()');
  const UCKeyTranslate = carbon.func(
    'int32_t UCKeyTranslate(void *layout, uint16_t key, uint16_t action, uint32_t mods, uint32_t kbd, uint32_t opts, _Inout_ uint32_t *dead, unsigned long max, _Out_ unsigned long *len, _Out_ uint16_t *chars)',
  );
  const getClass = objc.func('void *objc_getClass(const char *name)');
  const sel = objc.func('void *sel_registerName(const char *name)');
  const sendPtr = objc.func('objc_msgSend', 'void *', ['void *', 'void *']);
  const sendInt = objc.func('objc_msgSend', 'int32_t', ['void *', 'void *']);
  const sendPtrInt = objc.func('objc_msgSend', 'void *', ['void *', 'void *', 'int32_t']);
  const sendBoolU64 = objc.func('objc_msgSend', 'bool', ['void *', 'void *', 'uint64_t']);

  const cfString = (s: string): unknown => CFStringCreate(null, s, UTF8);
  const jsString = (ref: unknown): string | undefined => {
    if (!ref || CFGetTypeID(ref) !== CFStringGetTypeID()) return undefined;
    const size = (CFStringGetLength(ref) as number) * 4 + 1;
    const buf = Buffer.alloc(size);
    return CFStringGetCString(ref, buf, size, UTF8) ? buf.toString('utf8', 0, buf.indexOf(0)) : undefined;
  };
  const attribute = (el: unknown, name: string): unknown => {
    const key = cfString(name);
    const out: unknown[] = [null];
    const status = AXCopy(el, key, out);
    CFRelease(key);
    return status === 0 ? out[0] : undefined;
  };
  const utf8 = (ptr: unknown): string | undefined =>
    ptr ? (koffi.decode(ptr as bigint, 'const char *') as string) : undefined;
  let keymap: Map<string, number> | undefined;
  const post = (event: unknown): void => {
    Post(HID_EVENT_TAP, event);
    CFRelease(event);
  };

  return {
    frontmostApp() {
      const ws = sendPtr(getClass('NSWorkspace'), sel('sharedWorkspace'));
      const app = ws && sendPtr(ws, sel('frontmostApplication'));
      if (!app) return undefined;
      const bundle = sendPtr(app, sel('bundleIdentifier'));
      const bundleId = bundle ? utf8(sendPtr(bundle, sel('UTF8String'))) : undefined;
      return { pid: sendInt(app, sel('processIdentifier')) as number, ...(bundleId ? { bundleId } : {}) };
    },
    activateApp(pid) {
      const app = sendPtrInt(
        getClass('NSRunningApplication'),
        sel('runningApplicationWithProcessIdentifier:'),
        pid,
      );
      return app ? Boolean(sendBoolU64(app, sel('activateWithOptions:'), 2)) : false;
    },
    axTrusted: () => Boolean(AXIsProcessTrusted()),
    focusedElement(pid) {
      const app = AXCreateApp(pid);
      const el = app && attribute(app, 'AXFocusedUIElement');
      if (app) CFRelease(app);
      if (!el) return undefined;
      const text = (name: string): string | undefined => {
        const ref = attribute(el, name);
        const s = jsString(ref);
        if (ref) CFRelease(ref);
        return s;
      };
      const range = attribute(el, 'AXSelectedTextRange');
      const out: Array<{ location: number; length: number }> = [{ location: 0, length: 0 }];
      const selection = range && AXValueGetValue(range, AX_VALUE_CFRANGE, out) ? out[0] : undefined;
      if (range) CFRelease(range);
      const result: AxElement = {
        role: text('AXRole'),
        subrole: text('AXSubrole'),
        value: text('AXValue'),
        ...(selection ? { selection } : {}),
      };
      CFRelease(el);
      return result;
    },
    secureInputEnabled: () => Boolean(IsSecure()),
    postKey(keycode, down, flags) {
      const event = CreateKey(null, keycode, down);
      SetFlags(event, flags);
      post(event);
    },
    postUnicode(text, down) {
      const event = CreateKey(null, 0, down);
      const units = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
      SetUnicode(event, units.length, units);
      post(event);
    },
    keycodeFor(ch) {
      if (!keymap) {
        keymap = new Map();
        const source = TISCurrentLayout();
        const key = koffi.decode(carbon.symbol('kTISPropertyUnicodeKeyLayoutData'), 'void *');
        const data = source && TISGetProperty(source, key);
        const layout = data && CFDataGetBytePtr(data);
        for (let code = 0; layout && code < 128; code++) {
          const len = [0];
          const chars = new Array<number>(4).fill(0);
          UCKeyTranslate(layout, code, 3, 0, LMGetKbdType(), 1, [0], 4, len, chars);
          if (len[0] === 1) {
            const c = String.fromCharCode(chars[0]!);
            if (!keymap.has(c)) keymap.set(c, code);
          }
        }
        if (source) CFRelease(source);
      }
      return keymap.get(ch);
    },
    modifierFlags: () => Number(FlagsState(COMBINED_SESSION)),
  };
}
