/** A StreamingInsertion as its tests drive it: a fake desktop with the field's window and another one. */
import { FakeDesktop } from '../../../../native/desktop.fake.ts';
import { StreamingInsertion } from '../../../../main/features/dictation/insertion/streaming-insertion.ts';
import type { InsertMode } from '../../../../main/features/dictation/insertion/insertion-types.ts';

/** Paste timings that wait for nothing the fake desktop does not need. */
export const FAST = { restoreDelayMs: 20, settleMs: 0, blindSettleMs: 0, readWaitMs: 0 };

/** An insertion begun in the window `app` (focused), with something the person had copied on the clipboard. */
export async function setup(mode: InsertMode = 'paste', app = 'Tk', timings = FAST) {
  const desktop = new FakeDesktop();
  const field = desktop.addWindow('w1', app);
  const other = desktop.addWindow('w2', 'other');
  desktop.clipboard.text = 'what the person had copied';
  const insertion = await StreamingInsertion.begin({
    desktop,
    clipboard: desktop.clipboard,
    mode,
    pasteTimings: timings,
  });
  return { desktop, field, other, insertion };
}
