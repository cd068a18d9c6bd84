/** What the organization's policy fixes: loaded at start and replaced whenever main pushes a change. */
import type { LockedSetting, PolicyView } from '../../../preload/contract/index.ts';
import { scribe, settle } from '../api.ts';

/** State of the locked settings, for Connect and Settings. */
export class PolicyStore {
  #view = $state.raw<PolicyView>({ managed: false, locked: [] });

  /** Everything locked, in the schema's order. */
  get locked(): LockedSetting[] {
    return this.#view.locked;
  }

  /** Whether a managed policy is in force. */
  get managed(): boolean {
    return this.#view.managed;
  }

  /** The lock on a key, if any. */
  lock(key: string): LockedSetting | undefined {
    return this.#view.locked.find((lock) => lock.key === key);
  }

  /** The value a locked key is fixed to (undefined when not locked or not shown). */
  pinned(key: string): string | undefined {
    return this.lock(key)?.value ?? undefined;
  }

  async load(): Promise<void> {
    const result = await settle(() => scribe().settingsPolicy());
    if (result.ok) this.#view = result.data;
  }

  /** Follows IT's changes while the app runs (`onChange` after each); returns the unsubscribe. */
  listen(onChange: () => void = () => undefined): () => void {
    return (
      scribe()?.onPolicyChanged((view) => {
        this.#view = view;
        onChange();
      }) ?? (() => undefined)
    );
  }
}
