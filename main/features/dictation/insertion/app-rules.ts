/**
 * Per-application insertion rules: the person's and the organization's rules first (policy rules are
 * passed before the person's so they win), then built-in knowledge (terminals paste with Ctrl+Shift+V;
 * macOS pastes with Cmd+V).
 */
import { DEFAULT_PLAN, type InsertMode, type InsertionPlan, type InsertionRule } from './insertion-types.ts';
import type { TargetWindow } from '../../../../native/desktop.ts';

/** Terminal emulators, where Ctrl+V is a control character and paste is Ctrl+Shift+V (X11 WM_CLASS). */
const TERMINALS = [
  'gnome-terminal',
  'gnome-terminal-server',
  'konsole',
  'xfce4-terminal',
  'terminator',
  'tilix',
  'alacritty',
  'kitty',
  'urxvt',
  'st-256color',
  'lxterminal',
  'mate-terminal',
  'wezterm',
  'foot',
];

/** XTerm binds no key to paste the CLIPBOARD (Shift+Insert pastes PRIMARY): paste mode types instead. */
const NO_CLIPBOARD_PASTE = ['xterm', 'uxterm'];

/**
 * Remote-session clients (Citrix Workspace, Remote Desktop, VMware Horizon, FreeRDP, Remmina): their clipboard
 * redirection is often blocked by policy, and keys sent too fast are dropped, so by default they are typed
 * into, 20 ms apart (dictation-notes.md: 20–100 ms). A rule of the person or the organization overrides it.
 */
const REMOTE_CLIENTS = [
  'wfica32.exe',
  'cdviewer.exe',
  'wfica',
  'mstsc.exe',
  'msrdc.exe',
  'vmware-view.exe',
  'vmware-view',
  'xfreerdp',
  'remmina',
  'com.citrix.receiver.icaviewer.mac',
  'com.microsoft.rdc.macos',
];
const REMOTE_PACE_MS = 20;

/** Whether a rule's `app` names this target (whole name, case-insensitive). */
function matches(rule: InsertionRule, target: TargetWindow | undefined): boolean {
  return target?.app !== undefined && rule.app.toLowerCase() === target.app.toLowerCase();
}

/** The person's or the organization's rule for `target`, if any. */
export function ruleFor(
  target: TargetWindow | undefined,
  rules: readonly InsertionRule[] | undefined,
): InsertionRule | undefined {
  return rules?.find((r) => matches(r, target));
}

/** The plan for `target`: `mode` is the chosen default mode, rules refine it per application. */
export function planFor(
  target: TargetWindow | undefined,
  options: { mode?: InsertMode; rules?: readonly InsertionRule[]; platform?: NodeJS.Platform } = {},
): InsertionPlan {
  const rule = ruleFor(target, options.rules);
  const app = target?.app?.toLowerCase() ?? '';
  const builtInChord =
    options.platform === 'darwin' ? 'cmd-v' : TERMINALS.includes(app) ? 'ctrl-shift-v' : 'ctrl-v';
  const mode = rule?.mode ?? options.mode ?? DEFAULT_PLAN.mode;
  const remote = !rule?.mode && REMOTE_CLIENTS.includes(app);
  const typed = mode === 'paste' && (remote || NO_CLIPBOARD_PASTE.includes(app));
  return {
    mode: typed ? 'type' : mode,
    chord: rule?.chord ?? builtInChord,
    paceMs: rule?.paceMs ?? (remote ? REMOTE_PACE_MS : DEFAULT_PLAN.paceMs),
    scancode: rule?.scancode ?? DEFAULT_PLAN.scancode,
    ...(rule?.lineBreak === 'shift-return' ? { shiftReturn: true } : {}),
  };
}
