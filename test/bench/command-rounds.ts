/**
 * What the voice-command benchmarks say, and when (issue 29): the X11 rows (commands.ts) and the Win32 rows
 * of the Windows lane (test/windows/bench-commands.test.ts) run the same rounds. Each round dictates a
 * phrase, scratches it, breaks the line and dictates the next line; "scratch that" and "new line" are timed
 * from the moment the unit is emitted to the moment the field shows their effect.
 *
 * Two pacings:
 * - **after a pause** (the judged rows): each unit 900 ms after the one before it, an assumption: a pause and
 *   the unit's own speech, as a command counts only alone between pauses (recognize.ts) and the service sends
 *   a unit once a pause ends it (the contract does not say when);
 * - **at once**: each command as soon as the phrase before it shows in the field, the next phrase as soon
 *   as the line before it shows, and the next unit 300 ms after a command's effect (the service catching
 *   up after a stall, units together). In paste mode on
 *   X11 a unit then waits until the target has finished reading the paste before it (its quiet time,
 *   docs/dictation-paste-reads.md), which keeps it from cutting into that paste; printed for what it is, not
 *   judged against the 50 ms.
 */

/** Between a person's phrases. */
const PAUSE_MS = 300;
/**
 * The least a unit takes to say: "scratch that", "new line" and "Item 3." are 0.6–0.7 s voiced by
 * espeak-ng at its default rate, "Dose 3 mg." 0.86 s.
 */
const SPEECH_MS = 600;

export type Pacing = 'after a pause' | 'at once';

/** The field the rounds dictate into, as each bench reaches it. */
export interface CommandField {
  /** Emits one DICTATED_TEXT unit (the scripted session's). */
  unit(text: string): void;
  /** Resolves once the field shows `expected`, with the time it changed to it (on `now`'s clock). */
  shows(expected: string): Promise<number>;
  now(): number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Runs `rounds` rounds; every command's time to its effect, all together and by command. */
export async function commandRounds(
  field: CommandField,
  rounds: number,
  pacing: Pacing,
): Promise<{ samples: number[]; by: Record<string, number[]> }> {
  const samples: number[] = [];
  const by: Record<string, number[]> = {};
  let lastUnitAt = -Infinity;
  /** Emits a unit: after a pause, once a pause and its speech have passed since the unit before it. */
  const say = async (text: string): Promise<number> => {
    if (pacing === 'after a pause') await pause(lastUnitAt + PAUSE_MS + SPEECH_MS - field.now());
    lastUnitAt = field.now();
    field.unit(text);
    return lastUnitAt;
  };
  const timed = async (command: string, expected: string): Promise<void> => {
    const started = await say(command);
    const took = (await field.shows(expected)) - started;
    samples.push(took);
    (by[command.trim()] ??= []).push(took);
    if (pacing === 'at once') await pause(PAUSE_MS);
  };
  let kept = 'Start.';
  await say(kept);
  await field.shows(kept);
  for (let i = 0; i < rounds; i++) {
    await say(` Dose ${i} mg.`);
    await field.shows(`${kept} Dose ${i} mg.`);
    await timed(' Scratch that.', kept);
    await timed(' New line.', `${kept}\n`);
    await say(`Item ${i}.`);
    kept = `${kept}\nItem ${i}.`;
    await field.shows(kept);
  }
  return { samples, by };
}
