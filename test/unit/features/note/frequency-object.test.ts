/**
 * A medication's frequency sent as an object (issue 19). The contract says only "a frequency"; the shape
 * `{times, period}` is a GUESS (preload/contract/medication-codes.ts). That shape is worded in the window's
 * language ("3 times a day"), on screen, in the copy and in the CLI alike; any other shape keeps its values.
 */
import { describe, expect, it } from 'vitest';
import { toOrdersDto } from '../../../../main/features/note/mapping.ts';
import { LOCALES } from '../../../../preload/words/index.ts';
import { medicationName } from '../../../../preload/words/medication-names.ts';
import { orderCopyNames } from '../../../../preload/words/order-names.ts';

/** The frequency of one MEDICATION order as the service sent it, after mapping. */
function mapped(frequency: unknown): string | null {
  const orders = toOrdersDto([{ category: 'MEDICATION', description: 'Ibuprofen 400 mg', frequency }]);
  return orders.categories[0]!.orders[0]!.medication!.frequency;
}

const named = (tag: keyof typeof LOCALES, frequency: unknown): string =>
  medicationName(LOCALES[tag].medication, 'frequency', mapped(frequency) ?? '');

describe('a frequency sent as an object', () => {
  it('words {times, period} in every language', () => {
    const thrice = { times: 3, period: 'DAY' };
    expect(named('en', thrice)).toBe('3 times a day');
    expect(named('fr', thrice)).toBe('3 fois par jour');
    expect(named('es', thrice)).toBe('3 veces al día');
    expect(named('en', { times: 1, period: 'week' })).toBe('once a week');
    expect(named('fr', { times: 1, period: 'WEEK' })).toBe('une fois par semaine');
    expect(named('es', { times: 2, period: 'MONTH' })).toBe('2 veces al mes');
    expect(named('en', { times: 2, period: 'HOUR' })).toBe('twice an hour');
  });

  it('names it in a copy of the orders as on screen', () => {
    const orders = toOrdersDto([
      { category: 'MEDICATION', description: 'Ibuprofen', frequency: { times: 3, period: 'DAY' } },
    ]);
    const med = orders.categories[0]!.orders[0]!.medication!;
    expect(orderCopyNames(orders, LOCALES.fr)[`frequency:${med.frequency}`]).toBe('3 fois par jour');
  });

  it('keeps the values of any other shape as sent, worded by no guess', () => {
    // {value, unit} could be every 3 days as well as 3 times a day: nothing says which.
    expect(named('en', { value: 3, unit: 'DAY' })).toBe('3 DAY');
    // A key more might change the meaning (3 times every 2 days).
    expect(named('en', { times: 3, period: 'DAY', every: 2 })).toBe('3 DAY 2');
    expect(named('en', { times: 3, period: 'FORTNIGHT' })).toBe('3 FORTNIGHT');
    expect(named('en', { times: 0, period: 'DAY' })).toBe('0 DAY');
    expect(named('en', { times: 1.5, period: 'DAY' })).toBe('1.5 DAY');
    expect(named('en', { times: '3', period: 'DAY' })).toBe('3 DAY');
  });
});
