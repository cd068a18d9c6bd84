/**
 * A check's flag on dictated text in the window's language, as the box, history and overlay show it: what
 * kind of flag and the two values it compares ("10× the dose said earlier: 50 mg vs 5 mg", "did you mean
 * hydroxyzine?").
 */
import type { DictationFlag } from '../../../preload/contract/index.ts';
import { words } from '../../../preload/words/window.ts';

/** The flag's words. */
export function flagText(flag: DictationFlag): string {
  const f = flag.facts;
  return words().dictationScreen.flag[flag.code](
    f.said ?? '',
    f.instead ?? '',
    f.drug ?? '',
    f.earlier ?? '',
    f.factor ?? 0,
    f.source ?? '',
    f.part ?? '',
    f.finding ?? '',
    f.from ?? '',
    f.to ?? '',
  );
}
