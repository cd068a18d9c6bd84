/**
 * The cues of the negation check, after ConText (Harkema et al., 2009) and NegEx (Chapman et al., 2001),
 * written for this project: words that negate what follows (pre) or what precedes (post), that make it only
 * possible, pseudo-cues that look like a negation but are not one ("no increase", "not only"), and words
 * that end a cue's scope ("but", "however"). English, with Spanish and French cues. Lower case.
 */

/** What a cue does. */
export type CueRole = 'negated-pre' | 'negated-post' | 'possible-pre' | 'possible-post' | 'pseudo' | 'end';

const CUES: Readonly<Record<CueRole, string>> = {
  'negated-pre': `no, not, never, never had, not had, without, denies, denied, deny, denying, negative for, free of, absence of,
    no evidence of, no sign of, no signs of, no history of, no complaints of, nor, neither, rules out,
    ruled out for, resolution of, sin, no presenta, no refiere, niega, negó, niegan, negativo para, negativa para, ausencia de, ni, nunca,
    pas de, pas d', sans, nie, aucun, aucune, jamais, absence de, négatif pour, négative pour`,
  'negated-post': `was ruled out, is ruled out, been ruled out, has been ruled out, have been ruled out, were ruled out, is absent, was absent, absent,
    is negative, was negative, not seen, not present, is excluded, was excluded, resolved, has resolved,
    ausente, descartado, descartada, absent, absente, absents, exclu, exclue`,
  'possible-pre': `possible, possibly, probable, probably, likely, suspected, suspect, suspicious for,
    concerning for, concern for, worrisome for, rule out, r/o, question of, questionable, may have, might have,
    could be, cannot rule out, can't rule out, cannot exclude, can not rule out, posible, probable, sospecha de,
    descartar, possible, probable, suspicion de, évoquant, éliminer`,
  'possible-post': `is possible, is suspected, is likely, not excluded, cannot be excluded, cannot be ruled out,
    not ruled out, not been ruled out, not be ruled out, no descartado, no descartada, non exclu, non exclue, pas exclu, pas exclue,
    à éliminer`,
  pseudo: `no increase, no change, no significant change, no interval change, not only, no further, not
    necessarily, gram negative, without difficulty, not certain, no longer than, not cause, not caused,
    no sólo, no solo, pas seulement, non seulement, sans changement`,
  end: `but, however, although, though, except, aside from, apart from, which, who, yet, still, reports,
    reported, endorses, endorsed, complains of, admits, presents with, has, now has, pero, aunque,
    sin embargo, excepto, refiere, presenta, mais, cependant, toutefois, sauf, rapporte, présente, ;, :`,
};

/** One cue: its words and role. */
export interface Cue {
  readonly words: readonly string[];
  readonly role: CueRole;
}

/** Every cue, by its first word, longest first (so "no evidence of" wins over "no"). */
export const CUES_BY_FIRST_WORD: ReadonlyMap<string, readonly Cue[]> = (() => {
  const map = new Map<string, Cue[]>();
  for (const [role, list] of Object.entries(CUES) as [CueRole, string][])
    for (const phrase of list.split(',')) {
      const words = phrase.trim().split(/\s+/);
      if (words[0] === '') continue;
      const cues = map.get(words[0]!) ?? [];
      cues.push({ words, role });
      map.set(words[0]!, cues);
    }
  for (const cues of map.values()) cues.sort((a, b) => b.words.length - a.words.length);
  return map;
})();
