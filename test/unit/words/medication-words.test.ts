/**
 * A medication order's action, route and frequency as a clinician reads them (issue 19), in every language:
 * the service's codes (GUESSES: preload/contract/medication-codes.ts) matched whatever their case or
 * spelling, intervals read from their hours. An unknown value, shown readably, never dropped, never a
 * snake_case code: medication-unknown-words.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  MEDICATION_ACTIONS,
  MEDICATION_ALIASES,
  MEDICATION_FREQUENCIES,
  MEDICATION_ROUTES,
} from '../../../preload/contract/medication-codes.ts';
import { LOCALES, medicationName, useLocale } from '../../../preload/words/index.ts';
import { medicationName as nameIn } from '../../../preload/words/medication-names.ts';
import { orderCopyNames } from '../../../preload/words/order-names.ts';

const KNOWN = {
  action: MEDICATION_ACTIONS,
  route: MEDICATION_ROUTES,
  frequency: MEDICATION_FREQUENCIES,
} as const;

/** What a clinician reads for a few values in each language. */
const EXPECTED = {
  en: {
    START: 'start',
    ORAL: 'by mouth (PO)',
    BID: 'BID (twice a day)',
    DAILY: 'once a day',
    Q8H: 'q8h (every 8 hours)',
  },
  fr: {
    START: 'débuter',
    ORAL: 'orale (per os)',
    BID: 'deux fois par jour',
    DAILY: 'une fois par jour',
    Q8H: 'toutes les 8 heures',
  },
  es: {
    START: 'iniciar',
    ORAL: 'oral (VO)',
    BID: 'dos veces al día',
    DAILY: 'una vez al día',
    Q8H: 'cada 8 horas',
  },
} as const;

describe('medication order values in the window’s language', () => {
  it.each(Object.entries(LOCALES))('names every known action, route and frequency in %s', (_tag, words) => {
    const tables = {
      action: words.medication.actions,
      route: words.medication.routes,
      frequency: words.medication.frequencies,
    };
    for (const [field, codes] of Object.entries(KNOWN) as [keyof typeof KNOWN, readonly string[]][]) {
      expect(Object.keys(tables[field]).sort()).toEqual([...codes].sort());
      for (const code of codes) {
        const name = nameIn(words.medication, field, code);
        expect(name).toBe((tables[field] as Record<string, string>)[code]);
        expect(name).not.toBe(code);
        expect(name).not.toMatch(/_/);
      }
    }
  });

  it.each(Object.entries(EXPECTED))('reads as a clinician writes it in %s', (tag, expected) => {
    useLocale(tag as keyof typeof LOCALES);
    expect(medicationName('action', 'START')).toBe(expected.START);
    expect(medicationName('route', 'ORAL')).toBe(expected.ORAL);
    expect(medicationName('frequency', 'BID')).toBe(expected.BID);
    expect(medicationName('frequency', 'DAILY')).toBe(expected.DAILY);
    expect(medicationName('frequency', 'Q8H')).toBe(expected.Q8H);
    useLocale('en');
  });

  it('matches a value whatever its case, dots, spacing or usual abbreviation', () => {
    const en = LOCALES.en.medication;
    for (const value of ['bid', 'Bid', 'b.i.d.', ' BID ', 'twice a day', 'Twice-a-day', 'twice_daily', 'BD'])
      expect(nameIn(en, 'frequency', value)).toBe('BID (twice a day)');
    for (const value of ['oral', 'Oral', 'PO', 'p.o.', 'by mouth'])
      expect(nameIn(en, 'route', value)).toBe('by mouth (PO)');
    for (const value of ['start', 'Start', 'START', 'new']) expect(nameIn(en, 'action', value)).toBe('start');
    expect(nameIn(en, 'action', 'discontinue')).toBe('stop');
    expect(nameIn(en, 'route', 'sq')).toBe('subcutaneous');
    for (const value of ['q8h', 'Q8H', 'q 8 h', 'q8hr', 'every 8 hours', 'Every 8 hours'])
      expect(nameIn(en, 'frequency', value)).toBe('q8h (every 8 hours)');
    expect(nameIn(en, 'frequency', 'q4-6h')).toBe('q4–6h (every 4 to 6 hours)');
    expect(nameIn(en, 'frequency', 'q1h')).toBe('q1h (every hour)');
    expect(nameIn(LOCALES.fr.medication, 'frequency', 'q4-6h')).toBe('toutes les 4 à 6 heures');
    expect(nameIn(LOCALES.es.medication, 'frequency', 'daily')).toBe('una vez al día');
    // Every alias leads to a known code of its own field.
    for (const [field, aliases] of Object.entries(MEDICATION_ALIASES) as [
      keyof typeof KNOWN,
      Record<string, string>,
    ][])
      for (const code of Object.values(aliases)) expect(KNOWN[field]).toContain(code);
  });

  it('writes out the abbreviations that are not to be used (QD, QOD, qhs, SC) in English', () => {
    const en = LOCALES.en.medication;
    expect(nameIn(en, 'frequency', 'QD')).toBe('once a day');
    expect(nameIn(en, 'frequency', 'QOD')).toBe('every other day');
    expect(nameIn(en, 'frequency', 'qhs')).toBe('at bedtime');
    expect(nameIn(en, 'route', 'SC')).toBe('subcutaneous');
  });

  it('gives a copy of the orders the names the window shows, in its language', () => {
    const orders = {
      categories: [
        {
          category: 'MEDICATION',
          orders: [
            {
              description: 'Metformin 500 mg',
              details: null,
              medication: { action: 'start', dose: '500 mg', frequency: 'bid', route: 'PO', prn: true },
            },
            {
              description: 'Aspirin 81 mg',
              details: null,
              medication: {
                action: null,
                dose: null,
                frequency: 'une fois par jour',
                route: 'INTRAOSSEOUS',
                prn: false,
              },
            },
          ],
        },
      ],
    };
    expect(orderCopyNames(orders, LOCALES.fr)).toEqual({
      MEDICATION: 'Médicaments',
      'action:start': 'débuter',
      'frequency:bid': 'deux fois par jour',
      'route:PO': 'orale (per os)',
      'route:INTRAOSSEOUS': 'intraosseous',
      prn: 'si besoin',
    });
    // A value too long for a copy request's names is left out (the copy keeps the service's words).
    const long = 'x'.repeat(120);
    orders.categories[0]!.orders[1]!.medication.frequency = `EVERY_${long}`;
    expect(Object.keys(orderCopyNames(orders, LOCALES.en))).not.toContain(`frequency:EVERY_${long}`);
  });
});
