/** Words of the warnings a visit's inputs raise (English); the facts are preload/contract/input-warnings.ts. */
import type { InputWarningFacts } from '../../contract/input-warnings.ts';

function inputName(facts: InputWarningFacts): string {
  if (!facts.dual) return 'the microphone';
  return facts.stream === 'patient' ? "the patient's input" : "the clinician's microphone";
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words of an input warning. */
export function inputWarningText(facts: InputWarningFacts): string {
  const name = inputName(facts);
  if (facts.code === 'no_sound')
    return `No sound from ${name} for ${facts.seconds ?? 0} seconds. Check that it is not muted or unplugged.`;
  if (facts.code === 'input_lost') {
    // Its stream goes on as silence (the service needs audio on every declared stream).
    const what = facts.reason === 'not_found' ? 'could not be opened' : 'stopped working';
    return `${capitalize(name)} (${facts.device ?? ''}) ${what} and is not recorded; the other microphone goes on recording. Check its connection.`;
  }
  const why = facts.reason === 'not_found' ? 'is not available' : 'stopped working';
  return `${capitalize(name)} ${why}; recording with "${facts.device ?? ''}" instead.`;
}
