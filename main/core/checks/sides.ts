/**
 * Sides of the body: "left knee", "rodilla derecha", "genou gauche", "bilateral lower extremities". A side
 * belongs to the body part within two words after it (English) or right before it (Spanish, French).
 */
import type { TextFlag } from '../../../preload/contract/text-check-codes.ts';
import type { Word } from './text-spans.ts';

type Side = 'left' | 'right' | 'bilateral';

const SIDE_WORDS: Readonly<Record<string, Side>> = {
  left: 'left',
  right: 'right',
  bilateral: 'bilateral',
  both: 'bilateral',
  izquierdo: 'left',
  izquierda: 'left',
  derecho: 'right',
  derecha: 'right',
  gauche: 'left',
  droit: 'right',
  droite: 'right',
  bilatéral: 'bilateral',
  bilatérale: 'bilateral',
  bilatérales: 'bilateral',
  bilatéraux: 'bilateral',
};

const PARTS = `arm, leg, knee, hip, shoulder, ankle, wrist, elbow, hand, foot, feet, finger, toe, thigh, calf, eye,
ear, lung, kidney, breast, ovary, testicle, flank, lobe, extremity, extremities, groin, heel, shin, forearm,
chest, temple, jaw, cheek, carotid, femur, tibia, radius, ulna, humerus, rodilla, cadera, hombro, tobillo,
muñeca, codo, mano, pie, brazo, pierna, ojo, oído, pulmón, riñón, mama, genou, hanche, épaule, cheville,
poignet, coude, main, pied, bras, jambe, œil, oeil, oreille, poumon, rein, sein`;
const PART_SET = new Set(PARTS.split(',').map((p) => p.trim()));

/** The singular a part is compared by ("knees" and "knee" are one part). */
function partOf(norm: string): string | undefined {
  if (PART_SET.has(norm)) return norm === 'feet' ? 'foot' : norm === 'extremities' ? 'extremity' : norm;
  return [norm.replace(/s$/, ''), norm.replace(/es$/, '')].find((singular) => PART_SET.has(singular));
}

/** A side said of a part, at the side word's place. */
export interface SideMention {
  readonly side: Side;
  readonly part: string;
  readonly start: number;
  readonly end: number;
}

/** The sides said of body parts in a sentence's words. */
export function sidesOf(words: readonly Word[]): SideMention[] {
  const out: SideMention[] = [];
  words.forEach((word, i) => {
    const side = SIDE_WORDS[word.norm];
    if (!side) return;
    // "left lower extremity", "right upper lobe": up to two words between; "rodilla derecha": the word before.
    const after = words.slice(i + 1, i + 4).map((w) => partOf(w.norm));
    const part = after.find(Boolean) ?? (i > 0 ? partOf(words[i - 1]!.norm) : undefined);
    if (part) out.push({ side, part, start: word.start, end: word.end });
  });
  return out;
}

/** A mention seen earlier, with the other mentions of its sentence. */
export interface SeenSide {
  readonly mention: SideMention;
  readonly sentence: readonly SideMention[];
}

const opposite = (a: Side, b: Side) => (a === 'left' && b === 'right') || (a === 'right' && b === 'left');
const bothSides = (sentence: readonly SideMention[], part: string) =>
  sentence.some((m) => m.part === part && m.side === 'left') &&
  sentence.some((m) => m.part === part && m.side === 'right');

/**
 * A flag for `mention` when an earlier sentence gave the same part the other side. A sentence that names
 * both sides of the part compares them on purpose ("right knee worse than left"), so neither it nor an
 * earlier one like it conflicts; "bilateral" beside one side is not a conflict ("both knees, worse on the left").
 */
export function sideConflictFlag(
  mention: SideMention,
  sentence: readonly SideMention[],
  earlier: readonly SeenSide[],
): TextFlag | undefined {
  if (bothSides(sentence, mention.part)) return undefined;
  const other = earlier.find(
    (e) =>
      e.mention.part === mention.part &&
      opposite(e.mention.side, mention.side) &&
      !bothSides(e.sentence, mention.part),
  );
  if (!other) return undefined;
  return {
    code: 'side_conflict',
    start: mention.start,
    end: mention.end,
    facts: { part: mention.part, said: mention.side, instead: other.mention.side },
  };
}
