/**
 * Safety and proof around each write into the target (issue 20's "re-check before each write", issue 21's
 * "insertion you can prove"):
 * - before each write the field's facts are read again: a password field, an elevated window or Secure
 *   Input that appeared since the start stops insertion (the rest is copied and kept in the box);
 * - typing goes in small chunks with a check between them: the window still has focus, and the focused
 *   control is still the one the write started in (where the OS can tell controls apart: Windows) and no
 *   password field (issue 32: a person tabbing into another box mid-write);
 * - where the field can be read, it is read back after the write: text that did not land (a field that
 *   swallowed it, a remote session that dropped the keys) stops insertion as `not_landed`, never "inserted".
 */
import type { Desktop, FieldFacts, FieldText, TargetWindow } from '../../../../native/desktop.ts';
import { blockerOf, type InsertionPlan, type NotInsertedReason } from './insertion-types.ts';
import { delay } from '../../../base/async/delay.ts';

/**
 * How long written text may take to show in the field before it counts as lost, and how often it is read.
 * Generous on purpose: a busy EHR (or a loaded desktop) can take a second to read its keys, and text judged
 * lost that then arrives would be pasted a second time from the clipboard, into the chart.
 */
const LANDED_WITHIN_MS = 3000;
const LANDED_POLL_MS = 25;
/**
 * The character AT-SPI puts in a field's text for each child object: Chromium's rich field shows each of its
 * paragraphs (after a break) that way, and text written into one is in the child's text, not the field's.
 */
const EMBEDDED_OBJECT = '\uFFFC';

/**
 * The part of a field sent as text_field_context: the contract sets no limit, and the service needs only
 * the words around the caret to capitalise and space the first words (a guess beyond the contract), so a
 * long note is cut to 4,000 characters before the selection and 1,000 after it, never inside a surrogate
 * pair.
 */
export function clipContext(field: FieldText, before = 4000, after = 1000): FieldText {
  const context = withoutObjects(field);
  const end = context.selectionStart + context.selectionLength;
  let from = Math.max(0, context.selectionStart - before);
  let to = Math.min(context.text.length, end + after);
  if (/[\uDC00-\uDFFF]/.test(context.text.charAt(from))) from++;
  if (/[\uDC00-\uDFFF]/.test(context.text.charAt(to))) to--;
  if (from === 0 && to === context.text.length) return context;
  return { ...context, text: context.text.slice(from, to), selectionStart: context.selectionStart - from };
}

/** The field's text without child-object marks (a rich field's paragraphs): they mean nothing to the service. */
function withoutObjects(field: FieldText): FieldText {
  if (!field.text.includes(EMBEDDED_OBJECT)) return field;
  const end = field.selectionStart + field.selectionLength;
  const [head, selected, tail] = [
    field.text.slice(0, field.selectionStart),
    field.text.slice(field.selectionStart, end),
    field.text.slice(end),
  ].map((part) => part.replaceAll(EMBEDDED_OBJECT, '')) as [string, string, string];
  return {
    ...field,
    text: head + selected + tail,
    selectionStart: head.length,
    selectionLength: selected.length,
  };
}

/** Whether `now` holds `written` where it was written over `before` (the selection then). */
export function landedIn(before: FieldText, now: FieldText, written: string): boolean {
  const text = written.replace(/\r\n|\r/g, '\n');
  if (now.text.slice(0, now.selectionStart + now.selectionLength).endsWith(text)) return true;
  // Applications that reformat what arrives (auto-capitals, smart quotes) still grew by the text's length.
  const kept = before.text.length - before.selectionLength;
  return now.text !== before.text && now.text.length - kept >= text.length;
}

/** One dictation's checks against its target. */
export class WriteGuard {
  readonly #startControl: string | undefined;
  /** Why the last write stopped part-way (set by `mayType`). */
  stoppedBy: NotInsertedReason | undefined;

  constructor(
    private readonly desktop: Desktop,
    private readonly target: TargetWindow,
    private readonly plan: InsertionPlan,
    start: FieldFacts,
  ) {
    this.#startControl = start.control;
  }

  /**
   * The field's facts now, and why not to write `text` into it (undefined: go on). `moved`: another
   * control of the same window has focus (the text before the caret is no longer ours). `context: false`:
   * the field's text is not needed (no read-back follows), so it need not be read.
   */
  async recheck(
    text: string,
    options?: { readonly context?: boolean },
  ): Promise<{ facts: FieldFacts; blocker?: NotInsertedReason; moved: boolean }> {
    const facts = await this.desktop.fieldFacts(this.target, options).catch((): FieldFacts => ({}));
    const blocker = blockerOf(this.target, facts, this.plan);
    const moved = this.#otherControl(facts);
    if (blocker) return { facts, blocker, moved };
    if (moved && text.includes('\n')) return { facts, blocker: 'field_changed', moved };
    return { facts, moved };
  }

  /**
   * Before each typed chunk after the first: the target window still has focus, and the focused control is
   * still the one the write started in (where the OS tells controls apart) and no password field: a person
   * who tabs into another box of the same window mid-write gets none of the rest there.
   */
  async mayType(_chunk: string, first: boolean): Promise<boolean> {
    this.stoppedBy = undefined;
    if (first) return true;
    if ((await this.desktop.activeWindow())?.id !== this.target.id) {
      this.stoppedBy = 'focus_lost';
      return false;
    }
    // Only its facts: the field's text is read back once the write is done.
    const facts = await this.desktop
      .fieldFacts(this.target, { context: false })
      .catch((): FieldFacts => ({}));
    this.stoppedBy =
      blockerOf(this.target, facts, this.plan) ?? (this.#otherControl(facts) ? 'field_changed' : undefined);
    return this.stoppedBy === undefined;
  }

  /**
   * Whether `written` arrived, where the field (`at`: its facts at the write) can be read before and after;
   * undefined when it cannot be told: the field cannot be read, the person moved to another control of
   * the window before the read-back (that control's text would prove nothing), or the field shows child
   * objects and not the text (Chromium's rich field with paragraphs, accessibility on: it said `not_landed`
   * of text that had arrived, and text said to be lost would be inserted twice). `shown` is called when the
   * read that proves it also saw the field change since `at` (what {@link shows} checks: a paste's proof).
   */
  async landed(at: FieldFacts, written: string, shown?: () => void): Promise<boolean | undefined> {
    const before = at.context;
    if (!before || !this.desktop.readField) return undefined;
    const end = performance.now() + LANDED_WITHIN_MS;
    for (;;) {
      const now = await this.desktop.readField(this.target, at.control).catch(() => undefined);
      if (!now) return undefined; // the field stopped being readable (focus went to another control)
      if (landedIn(before, now, written)) {
        if (now.text !== before.text) shown?.();
        return true;
      }
      // The text may stand in a child object (a rich field's paragraph): it cannot be told, never "lost".
      if (now.text.includes(EMBEDDED_OBJECT)) return undefined;
      if (performance.now() >= end) return false;
      await delay(LANDED_POLL_MS);
    }
  }

  /**
   * Where the field can be read: whether it shows `written` now (one read), changed since `at` (its facts
   * at the write), so text already there before the write proves nothing. Undefined when it cannot be read.
   */
  shows(at: FieldFacts, written: string): (() => Promise<boolean>) | undefined {
    const before = at.context;
    const readField = this.desktop.readField?.bind(this.desktop);
    if (!before || !readField) return undefined;
    return async () => {
      const now = await readField(this.target, at.control).catch(() => undefined);
      return now !== undefined && now.text !== before.text && landedIn(before, now, written);
    };
  }

  #otherControl(facts: FieldFacts): boolean {
    return (
      this.#startControl !== undefined && facts.control !== undefined && facts.control !== this.#startControl
    );
  }
}
