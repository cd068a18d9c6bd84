/**
 * Drug names that are confused with each other, as data: pairs selected from ISMP's List of Confused Drug
 * Names (Institute for Safe Medication Practices, 2023; https://www.ismp.org/recommendations/confused-drug-names-list),
 * chosen where the two drugs treat different things, so what a sentence says a drug is for can tell which
 * one was meant (ISMP's own advice: write the purpose with the name). The uses are ours, in plain words, in
 * English, Spanish and French where they differ. A drug is named by its generic and brand names.
 */
import type { ConfusedNameList } from '../../../preload/contract/text-check-codes.ts';

/** A drug: its names (the first is the one shown) and what it is used for. */
export interface ListedDrug {
  readonly names: readonly string[];
  readonly uses: readonly string[];
}

const PSYCHOSIS = ['schizophrenia', 'psychosis', 'bipolar', 'esquizofrenia', 'schizophrénie'];
const SEIZURES = ['seizure', 'seizures', 'epilepsy', 'convulsiones', 'épilepsie', 'crises', 'convulsions'];
const PRESSURE = ['blood pressure', 'hypertension', 'hipertensión', 'tension artérielle', 'presión arterial'];
const DIABETES = ['diabetes', 'blood sugar', 'glucose', 'a1c', 'diabète', 'glucemia', 'glycémie'];
const DEPRESSION = ['depression', 'depressed', 'depresión', 'dépression'];
const ANXIETY = ['anxiety', 'panic', 'ansiedad', 'anxiété'];
const INFECTION = ['infection', 'cellulitis', 'uti', 'pneumonia', 'infección', 'neumonía', 'pneumonie'];
const CLOTS = ['stent', 'clot', 'clots', 'anticoagulation', 'atrial fibrillation', 'dvt', 'embolism'];

const drug = (names: string, uses: readonly string[]): ListedDrug => ({ names: names.split(' '), uses });

/** Each pair of confused names, with its source. */
export const CONFUSED_PAIRS: readonly (readonly [ListedDrug, ListedDrug, ConfusedNameList])[] = [
  [
    drug('hydroxyzine atarax vistaril', ['itching', 'pruritus', 'hives', 'urticaria', ...ANXIETY]),
    drug('hydralazine', [...PRESSURE, 'heart failure']),
    'ismp2023',
  ],
  [
    drug('celebrex celecoxib', ['arthritis', 'osteoarthritis', 'joint pain']),
    drug('celexa citalopram', [...DEPRESSION, ...ANXIETY]),
    'ismp2023',
  ],
  [
    drug('celebrex celecoxib', ['arthritis', 'osteoarthritis', 'joint pain']),
    drug('cerebyx fosphenytoin', [...SEIZURES, 'status epilepticus']),
    'ismp2023',
  ],
  [
    drug('zyprexa olanzapine', PSYCHOSIS),
    drug('zyrtec cetirizine', ['allergies', 'allergy', 'allergic', 'hay fever', 'hives']),
    'ismp2023',
  ],
  [
    drug('lamictal lamotrigine', [...SEIZURES, 'bipolar']),
    drug('lamisil terbinafine', ['fungal', 'onychomycosis', 'fungus', 'ringworm']),
    'ismp2023',
  ],
  [
    drug('lamotrigine lamictal', [...SEIZURES, 'bipolar']),
    drug('lamivudine epivir', ['hiv', 'hepatitis b']),
    'ismp2023',
  ],
  [
    drug('clonidine catapres', [...PRESSURE, 'withdrawal']),
    drug('klonopin clonazepam', [...SEIZURES, 'panic']),
    'ismp2023',
  ],
  [
    drug('tramadol ultram', ['pain', 'dolor', 'douleur']),
    drug('trazodone', ['sleep', 'insomnia', 'insomnio', 'insomnie', ...DEPRESSION]),
    'ismp2023',
  ],
  [
    drug('metformin glucophage', DIABETES),
    drug('metronidazole flagyl', [...INFECTION, 'bacterial vaginosis', 'c diff', 'trichomonas', 'colitis']),
    'ismp2023',
  ],
  [drug('keppra levetiracetam', SEIZURES), drug('keflex cephalexin', INFECTION), 'ismp2023'],
  [drug('levetiracetam keppra', SEIZURES), drug('levofloxacin levaquin', INFECTION), 'ismp2023'],
  [
    drug('paxil paroxetine', [...DEPRESSION, ...ANXIETY]),
    drug('plavix clopidogrel', [...CLOTS, 'stroke']),
    'ismp2023',
  ],
  [
    drug('flomax tamsulosin', ['prostate', 'bph', 'urinary retention']),
    drug('fosamax alendronate', ['osteoporosis', 'bone density']),
    'ismp2023',
  ],
  [
    drug('zantac ranitidine', ['reflux', 'heartburn', 'gerd', 'ulcer']),
    drug('xanax alprazolam', ANXIETY),
    'ismp2023',
  ],
  [
    drug('toradol ketorolac', ['pain']),
    drug('tegretol carbamazepine', [...SEIZURES, 'trigeminal neuralgia']),
    'ismp2023',
  ],
  [drug('januvia sitagliptin', DIABETES), drug('jantoven warfarin', [...CLOTS, 'inr']), 'ismp2023'],
  [
    drug('sitagliptin januvia', DIABETES),
    drug('sumatriptan imitrex', ['migraine', 'migraines', 'migraña', 'migraine']),
    'ismp2023',
  ],
  [
    drug('risperidone risperdal', PSYCHOSIS),
    drug('ropinirole requip', ['restless legs', 'parkinson', "parkinson's"]),
    'ismp2023',
  ],
  [
    drug('guanfacine intuniv', [...PRESSURE, 'adhd']),
    drug('guaifenesin mucinex', ['cough', 'congestion', 'mucus', 'tos', 'toux']),
    'ismp2023',
  ],
  [
    drug('adderall', ['adhd', 'narcolepsy']),
    drug('inderal propranolol', [...PRESSURE, 'tremor', 'migraine']),
    'ismp2023',
  ],
  [
    drug('brilinta ticagrelor', [...CLOTS, 'acute coronary syndrome']),
    drug('brintellix trintellix vortioxetine', DEPRESSION),
    'ismp2023',
  ],
  [
    drug('lasix furosemide', ['edema', 'swelling', 'fluid', 'heart failure']),
    drug('luvox fluvoxamine', [...DEPRESSION, 'ocd']),
    'ismp2023',
  ],
  [drug('zebeta bisoprolol', PRESSURE), drug('diabeta glyburide', DIABETES), 'ismp2023'],
  [drug('chlorpromazine thorazine', [...PSYCHOSIS, 'hiccups']), drug('chlorpropamide', DIABETES), 'ismp2023'],
  [
    drug('cozaar losartan', PRESSURE),
    drug('zocor simvastatin', ['cholesterol', 'lipids', 'colesterol', 'cholestérol']),
    'ismp2023',
  ],
  [
    drug('prilosec omeprazole', ['reflux', 'heartburn', 'gerd', 'ulcer']),
    drug('prozac fluoxetine', [...DEPRESSION, ...ANXIETY]),
    'ismp2023',
  ],
  [drug('latuda lurasidone', PSYCHOSIS), drug('lantus glargine', DIABETES), 'ismp2023'],
];
