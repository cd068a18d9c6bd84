/** Words of the warnings a visit's inputs raise (Spanish); the facts are preload/contract/input-warnings.ts. */
import type { InputWarningFacts } from '../../contract/input-warnings.ts';

function inputName(facts: InputWarningFacts): string {
  if (!facts.dual) return 'el micrófono';
  return facts.stream === 'patient' ? 'la entrada del paciente' : 'el micrófono del profesional';
}

/** "del micrófono", "de la entrada del paciente": the input after "de". */
function fromName(facts: InputWarningFacts): string {
  return `de ${inputName(facts)}`.replace(/^de el /, 'del ');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words of an input warning. */
export function inputWarningText(facts: InputWarningFacts): string {
  const name = inputName(facts);
  const feminine = facts.dual && facts.stream === 'patient';
  if (facts.code === 'no_sound')
    return `No llega sonido ${fromName(facts)} desde hace ${facts.seconds ?? 0} segundos. Compruebe que no esté silenciad${feminine ? 'a' : 'o'} ni desconectad${feminine ? 'a' : 'o'}.`;
  if (facts.code === 'input_lost') {
    // Its stream goes on as silence (the service needs audio on every declared stream).
    const what = facts.reason === 'not_found' ? 'no se pudo abrir' : 'dejó de funcionar';
    return `${capitalize(name)} (${facts.device ?? ''}) ${what} y no se graba; el otro micrófono sigue grabando. Revise su conexión.`;
  }
  const why = facts.reason === 'not_found' ? 'no está disponible' : 'dejó de funcionar';
  return `${capitalize(name)} ${why}; se graba con «${facts.device ?? ''}» en su lugar.`;
}
