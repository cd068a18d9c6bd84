/**
 * The one serial-task chain: tasks run one after another in the order they were given, each gets its own
 * result or exception back, and a task that fails does not stop the ones after it. Used wherever one
 * writer must not overlap itself (the audit trail, the token vault, clipboard pastes, policy reloads).
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task given before it has settled; settles as `task` does. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.then(settled, settled);
    return result;
  }
}

function settled(): void {}
