/**
 * Which drug a dose belongs to, and a dose ten times (or a thousand times) or a tenth of the same drug's
 * dose said earlier: the tenfold error of a slipped decimal point, and "mg" heard for "mcg". A dose said
 * before at the same amount clears the flag (a dose repeated is not a change).
 */
import type { TextFlag } from '../../../preload/contract/text-check-codes.ts';
import { CONFUSED_PAIRS } from './confused-names.ts';
import { amountOf, dosesOf, type Dose } from './doses.ts';
import type { Word } from './text-spans.ts';

/** A dose and the drug it is of (the drug's word, lower case). */
export interface DrugDose extends Dose {
  readonly drug: string;
}

const COMMON = `aspirin warfarin heparin enoxaparin insulin metoprolol lisinopril amlodipine atorvastatin levothyroxine
  digoxin morphine hydromorphone oxycodone hydrocodone fentanyl methadone methotrexate prednisone prednisolone
  furosemide potassium magnesium acetaminophen paracetamol ibuprofen naproxen amoxicillin colchicine allopurinol
  gabapentin sertraline vancomycin ceftriaxone apixaban rivaroxaban dexamethasone ondansetron lorazepam
  haloperidol albuterol nitroglycerin lithium phenytoin valproate baclofen tacrolimus cyclosporine
  spironolactone hydrochlorothiazide carvedilol diltiazem verapamil amiodarone labetalol dabigatran
  aspirina paracétamol insuline`;
const KNOWN = new Set([
  ...COMMON.split(/\s+/).filter(Boolean),
  ...CONFUSED_PAIRS.flatMap(([a, b]) => [...a.names, ...b.names]),
]);
// Generic-name stems that only drugs end in (beta blockers, ACE inhibitors, statins, …).
const DRUG_SUFFIX =
  /(?:olol|pril|sartan|statin|azole|mycin|cillin|floxacin|dipine|azepam|oxetine|triptan|parin|gliptin|formin|tidine|prazole|semide|thiazide|cycline|xaban|gatran)$/;

const isDrug = (norm: string) => KNOWN.has(norm) || (norm.length > 5 && DRUG_SUFFIX.test(norm));

/** The doses of a sentence with the drug named in the four words before each (or none). */
export function drugDosesOf(words: readonly Word[], text: string, offset: number): DrugDose[] {
  const out: DrugDose[] = [];
  for (const dose of dosesOf(text, offset)) {
    const before = words.filter((w) => w.end <= dose.start).slice(-5);
    const drug = before.reverse().find((w) => isDrug(w.norm));
    if (drug) out.push({ ...dose, drug: drug.norm });
  }
  return out;
}

const MAGNITUDES = [10, 0.1, 1000, 0.001];

/** A flag for `dose` when it is 10×, ÷10, 1000× or ÷1000 an earlier dose of its drug and equal to none. */
export function magnitudeFlag(dose: DrugDose, earlier: readonly DrugDose[]): TextFlag | undefined {
  const now = amountOf(dose);
  const same = earlier
    .filter((e) => e.drug === dose.drug)
    .map((e) => ({ e, was: amountOf(e) }))
    .filter(({ was }) => was.kind === now.kind && was.amount > 0);
  if (same.length === 0 || same.some(({ was }) => Math.abs(was.amount - now.amount) < 1e-9)) return undefined;
  for (const { e, was } of same) {
    const factor = MAGNITUDES.find((m) => Math.abs(now.amount / was.amount / m - 1) < 1e-6);
    if (factor !== undefined)
      return {
        code: 'dose_magnitude',
        start: dose.start,
        end: dose.end,
        facts: { drug: dose.drug, said: dose.said, earlier: e.said, factor },
      };
  }
  return undefined;
}
