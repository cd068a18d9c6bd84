/**
 * A fake of the UI Automation COM boundary (uia-api.ts) for unit tests: one focused element of process
 * `processId` with a provider's text (line breaks as the provider has them) and selection.
 */
import type { UiaApi, UiaElement, UiaText } from './uia-api.ts';

/** See the file's comment. */
export class FakeUia implements UiaApi {
  processId = 42;
  isPassword = false;
  /** Null: the element has no TextPattern. */
  content: UiaText | null = { text: 'Plan:\r\n*** and [ ]', selectionStart: 0, selectionLength: 0 };
  /** Whether a focused element exists at all. */
  hasFocus = true;
  /** Elements handed out and not yet released. */
  live = 0;
  selected: [number, number][] = [];

  focused(): UiaElement | undefined {
    if (!this.hasFocus) return undefined;
    this.live++;
    let released = false;
    return {
      processId: this.processId,
      isPassword: this.isPassword,
      text: () => (this.content ? { ...this.content } : undefined),
      select: (start, length) => {
        if (!this.content || start + length > this.content.text.length) return false;
        this.selected.push([start, length]);
        this.content = { ...this.content, selectionStart: start, selectionLength: length };
        return true;
      },
      release: () => {
        if (!released) this.live--;
        released = true;
      },
    };
  }
}
