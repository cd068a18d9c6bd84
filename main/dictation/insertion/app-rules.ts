/**
 * Per-application insertion rules: the person's and the organization's rules first (policy rules are
 * passed before the person's so they win), then built-in knowledge (terminals paste with Ctrl+Shift+V;
 * macOS pastes with Cmd+V).
 */
import { DEFAULT_PLAN, type InsertMode, type InsertionPlan, type InsertionRule } from './insertion-types.ts';
import type { TargetWindow } from '../../../native/desktop.ts';

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

/** Whether a rule's `app` names this target (whole name, case-insensitive). */
function matches(rule: InsertionRule, target: TargetWindow | undefined): boolean {
  return target?.app !== undefined && rule.app.toLowerCase() === target.app.toLowerCase();
}

/** The plan for `target`: `mode` is the chosen default mode, rules refine it per application. */
export function planFor(
  target: TargetWindow | undefined,
  options: { mode?: InsertMode; rules?: readonly InsertionRule[]; platform?: NodeJS.Platform } = {},
): InsertionPlan {
  const rule = options.rules?.find((r) => matches(r, target));
  const app = target?.app?.toLowerCase() ?? '';
  const builtInChord =
    options.platform === 'darwin' ? 'cmd-v' : TERMINALS.includes(app) ? 'ctrl-shift-v' : 'ctrl-v';
  const mode = rule?.mode ?? options.mode ?? DEFAULT_PLAN.mode;
  return {
    mode: mode === 'paste' && NO_CLIPBOARD_PASTE.includes(app) ? 'type' : mode,
    chord: rule?.chord ?? builtInChord,
    paceMs: rule?.paceMs ?? DEFAULT_PLAN.paceMs,
    scancode: rule?.scancode ?? DEFAULT_PLAN.scancode,
  };
}
