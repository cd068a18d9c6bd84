/** A medication order as copied to the EHR: "as needed" is said once, by the frequency or by the prn mark. */
import { describe, expect, it } from 'vitest';
import { ordersText } from '../../../../main/features/note/codes-text.ts';
import { toOrdersDto } from '../../../../main/features/note/mapping.ts';
import type { SuggestedOrder } from '../../../../main/core/api/schemas/coding.ts';

const order = (frequency: string, prn: boolean) =>
  toOrdersDto([
    {
      category: 'MEDICATION',
      description: 'Ibuprofen 400 mg',
      action: 'START',
      dose_value: 400,
      dose_unit: 'mg',
      frequency,
      route: 'ORAL',
      prn,
    } as SuggestedOrder,
  ]);

describe('the prn mark in a copied medication order', () => {
  it('follows a frequency that does not say it, and is not repeated after one that does', () => {
    expect(ordersText(order('q6h', true), 0)).toBe('Ibuprofen 400 mg, START, 400 mg, q6h, ORAL, PRN');
    expect(ordersText(order('PRN', true), 0)).toBe('Ibuprofen 400 mg, START, 400 mg, PRN, ORAL');
    expect(ordersText(order('prn pain', true), 0)).toBe('Ibuprofen 400 mg, START, 400 mg, prn pain, ORAL');
    expect(ordersText(order('q6h', false), 0)).toBe('Ibuprofen 400 mg, START, 400 mg, q6h, ORAL');
  });
});
