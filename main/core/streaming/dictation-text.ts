/**
 * The text of one dictation. DICTATED_TEXT is appended exactly as received (the service decides spacing);
 * ASYNC_CORRECTION replaces the tail only while the text still ends with its `suffix` (otherwise the person
 * or a later unit moved on and the correction no longer applies).
 *
 * Text is committed per socket: what arrived on a socket that then dropped is rolled back once the replay
 * of the socket's audio (from its start, on a later socket) brings text again: the service dictates it anew.
 */
export class DictationText {
  #committed: string;
  #text: string;

  constructor(initial = '') {
    this.#committed = initial;
    this.#text = initial;
  }

  /** The text as it stands (committed + current socket). */
  get text(): string {
    return this.#text;
  }

  /** The text confirmed by a clean END-close: what a new socket continues from. */
  get committed(): string {
    return this.#committed;
  }

  /** Appends one DICTATED_TEXT unit as-is. */
  append(unit: string): void {
    this.#text += unit;
  }

  /** Applies an ASYNC_CORRECTION; false when the text no longer ends with `suffix`. */
  correct(suffix: string, replacement: string): boolean {
    if (!this.#text.endsWith(suffix)) return false;
    this.#text = this.#text.slice(0, this.#text.length - suffix.length) + replacement;
    return true;
  }

  /** The socket closed cleanly after END: its text is final. */
  commit(): void {
    this.#committed = this.#text;
  }

  /** The socket dropped: forget its text, which the replay will produce again. */
  rollback(): void {
    this.#text = this.#committed;
  }
}
