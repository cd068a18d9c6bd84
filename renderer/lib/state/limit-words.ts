/** What a length-limited field says: its count, and an announcement only when its state changes. */
import { charCount } from '../../../preload/contract/limits.ts';
import { ui } from '../../../preload/words/window.ts';

/** From this share of the limit on, the field warns that it is close. */
const NEAR = 0.9;

/** "123 / 700 characters", with how far over the limit when it is. */
export function countText(text: string, limit: number): string {
  return ui().limits.count(charCount(text), limit);
}

/**
 * What screen readers hear: only a change of state (near, over, back under), never every keystroke; the
 * exact count is read with the field.
 */
export function limitAnnouncement(text: string, limit: number): string {
  const count = charCount(text);
  if (count > limit) return ui().limits.over(limit);
  return count >= limit * NEAR ? ui().limits.near(limit) : '';
}
