/** What a length-limited field says: its count, and an announcement only when its state changes. */
import { charCount } from '../../../preload/contract/limits.ts';

/** From this share of the limit on, the field warns that it is close. */
const NEAR = 0.9;
const n = (value: number) => value.toLocaleString('en-US');

/** "123 / 700 characters", with how far over the limit when it is. */
export function countText(text: string, limit: number): string {
  const count = charCount(text);
  const over = count > limit ? ` — ${n(count - limit)} over the limit` : '';
  return `${n(count)} / ${n(limit)} characters${over}`;
}

/**
 * What screen readers hear: only a change of state (near, over, back under), never every keystroke; the
 * exact count is read with the field.
 */
export function limitAnnouncement(text: string, limit: number): string {
  const count = charCount(text);
  if (count > limit) return `Over the ${n(limit)}-character limit. Shorten it before sending.`;
  return count >= limit * NEAR ? `Close to the ${n(limit)}-character limit.` : '';
}
