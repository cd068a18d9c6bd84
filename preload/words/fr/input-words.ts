/** Words of the warnings a visit's inputs raise (French); the facts are preload/contract/input-warnings.ts. */
import type { InputWarningFacts } from '../../contract/input-warnings.ts';

function inputName(facts: InputWarningFacts): string {
  if (!facts.dual) return 'le micro';
  return facts.stream === 'patient' ? 'l’entrée du patient' : 'le micro du praticien';
}

/** "du micro", "de l’entrée du patient": the input after "de". */
function fromName(facts: InputWarningFacts): string {
  if (!facts.dual) return 'du micro';
  return facts.stream === 'patient' ? 'de l’entrée du patient' : 'du micro du praticien';
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words of an input warning. */
export function inputWarningText(facts: InputWarningFacts): string {
  const name = inputName(facts);
  const feminine = facts.dual && facts.stream === 'patient';
  if (facts.code === 'no_sound')
    return `Aucun son ${fromName(facts)} depuis ${facts.seconds ?? 0} secondes. Vérifiez qu’${feminine ? 'elle' : 'il'} n’est ni coupé${feminine ? 'e' : ''} ni débranché${feminine ? 'e' : ''}.`;
  if (facts.code === 'input_lost') {
    // Its stream goes on as silence (the service needs audio on every declared stream).
    const what =
      facts.reason === 'not_found'
        ? `n’a pas pu être ouvert${feminine ? 'e' : ''}`
        : `a cessé de fonctionner`;
    return `${capitalize(name)} (${facts.device ?? ''}) ${what} et n’est pas enregistré${feminine ? 'e' : ''} ; l’autre micro continue d’enregistrer. Vérifiez son branchement.`;
  }
  const why = facts.reason === 'not_found' ? 'n’est pas disponible' : 'a cessé de fonctionner';
  return `${capitalize(name)} ${why} ; enregistrement avec « ${facts.device ?? ''} » à la place.`;
}
