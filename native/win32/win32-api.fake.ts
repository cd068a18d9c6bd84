/**
 * A fake of the Win32 FFI layer (win32-api.ts) for unit tests: one foreground window 0x100 (pid 42, thread
 * 11) whose focused control 0x200 is an Edit with its own text and selection, in its own units.
 */
import type { KeyInput, Win32Api } from './win32-api.ts';
import { VK } from './win32-desktop.ts';

/** See the file's comment. */
export class FakeWin32 implements Win32Api {
  foreground = 0x100n;
  sent: KeyInput[][] = [];
  calls: string[] = [];
  integrity = new Map<number | 'self', number | undefined>([['self', 0x2000]]);
  held = new Set<number>();
  blocked = false;
  classNames = new Map<bigint, string>([[0x200n, 'Edit']]);
  styles = new Map<bigint, number>();
  GetForegroundWindow = () => this.foreground;
  GetWindowThreadProcessId = (hwnd: bigint, pid: number[]) => {
    pid[0] = hwnd === 0x100n ? 42 : 7;
    return hwnd === 0x100n ? 11 : 22;
  };
  GetCurrentThreadId = () => 99;
  processImage = (pid: number) => (pid === 42 ? 'C:\\Program Files\\EHR\\ehr.exe' : undefined);
  processIntegrity = (pid: number | 'self') => this.integrity.get(pid);
  focusedControl = () => 0x200n;
  className = (hwnd: bigint) => this.classNames.get(hwnd) ?? 'Chrome_RenderWidgetHostHWND';
  windowStyle = (hwnd: bigint) => this.styles.get(hwnd) ?? 0;
  IsIconic = () => false;
  ShowWindow = () => true;
  AttachThreadInput = (from: number, to: number, attach: boolean) => {
    this.calls.push(`attach ${from}->${to} ${attach}`);
    return true;
  };
  SetForegroundWindow = (hwnd: bigint) => {
    this.calls.push(`foreground ${hwnd}`);
    this.foreground = hwnd;
    return true;
  };
  BringWindowToTop = () => true;
  sendKeys = (inputs: readonly KeyInput[]) => {
    if (this.blocked) return 0;
    this.sent.push([...inputs]);
    return inputs.length;
  };
  GetAsyncKeyState = (vk: number) => (this.held.has(vk) ? -0x8000 : 0);
  VkKeyScanW = (ch: number) => (ch === 0x41 ? 0x141 : ch === 0x61 ? 0x41 : -1); // 'A' = Shift+A
  scanCodeOf = (vk: number) => (vk === VK.SHIFT ? 0x2a : vk === 0x41 ? 0x1e : 0);
  /** The focused control's own text and selection, in its own units (Edit: CR LF is two). */
  controlText = 'Plan:\r\n*** and [ ]';
  controlSel: [number, number] = [0, 0];
  sendMessage = (_hwnd: bigint, msg: number, wParam: number, lParam: number) => {
    if (msg === 0xb0) return this.controlSel[0] | (this.controlSel[1] << 16);
    if (msg === 0xb1) this.controlSel = [wParam, lParam];
    return 0;
  };
  windowText = () => this.controlText;
}
