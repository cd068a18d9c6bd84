/**
 * The shape every feature's factory returns (main/features/<name>/<name>-feature.ts → `create<Name>Feature`):
 * its service, its IPC slice (main/compose merges the slices with mergeHandlerSlices) and what it reports
 * (the audit trail subscribes). The composition root builds the app only from these factories.
 */

/** What a feature reports, as a listener subscribes to it (the audit trail); returns the unsubscribe. */
export interface Reporter<T> {
  onDidReport(listener: (event: T) => void): () => void;
}

/** One feature, as its factory returns it. */
export interface Feature<Service, Handlers extends object, Events> {
  /** What the other features, the shells and the tests use. */
  readonly service: Service;
  /** Its IPC slice: the handlers of its own channels (`{}` for a feature without channels). */
  readonly handlers: Handlers;
  /** What it reports (`null` for a feature that reports nothing). */
  readonly events: Events;
  /** Lets go of what it holds (a local service, hotkeys, a trail being written), at quit. */
  dispose?(): Promise<void>;
}
