/**
 * The app frame's life: what it connects to main when it opens, in which order, and what it lets go of
 * when it closes. Plain logic over the stores' connect/disconnect (no runes), unit-tested under Node.
 */
import type { ScribeApi } from '../../../preload/contract/index.ts';

/** A store that follows main's pushes between `connect` and `disconnect`. */
interface Follower {
  connect(): unknown;
  disconnect(): void;
}

/** What the session starts: the stores the frame builds (stores.ts). */
export interface SessionStores {
  readonly app: { load(): Promise<void>; unload(): void };
  readonly policy: { listen(): () => void; load(): Promise<void> };
  readonly visit: Follower;
  readonly note: Follower;
  readonly dictation: Follower;
}

/** The bridge's part the session uses: the app's own commands (the tray's "Start visit"). */
type CommandSource = Pick<ScribeApi, 'onAppCommand'>;

/**
 * Connects every store and follows the app's commands; returns what closes it all again. The tray's "Start
 * visit" only opens the Visit screen (`onStartVisit`): a visit starts there, after the consent reminder.
 */
export function startSession(
  stores: SessionStores,
  api: CommandSource | undefined,
  onStartVisit: () => void,
): () => void {
  // A policy change that ends a connection or changes the sign-in offered arrives as a status push.
  const offPolicy = stores.policy.listen();
  void stores.policy.load();
  void stores.visit.connect();
  void stores.note.connect();
  void stores.app.load();
  void stores.dictation.connect();
  const offCommand = api?.onAppCommand((command) => {
    if (command.command === 'start-visit') onStartVisit();
  });
  return () => {
    stores.visit.disconnect();
    stores.note.disconnect();
    stores.dictation.disconnect();
    stores.app.unload();
    offCommand?.();
    offPolicy();
  };
}
