/**
 * Numbers said in words, in English, French and Spanish (evidence-terms.ts numbersOf): each number's value
 * and the words it covers; and the English words that are not numbers here.
 */
import { describe, expect, it } from 'vitest';
import { numbersOf } from '../../../../main/core/checks/evidence-terms.ts';
import { sentencesOf } from '../../../../main/core/checks/text-spans.ts';

/** Each number of `text` as "value[words]". */
const read = (text: string) =>
  numbersOf(sentencesOf(text).flatMap((s) => s.words)).map(
    (n) => `${n.value}[${text.slice(n.start, n.end)}]`,
  );

describe('numbers said in words', () => {
  it.each([
    ['eighty one milligrams', ['81[eighty one]']],
    ['BP one forty over eighty', ['140[one forty]', '80[eighty]']],
    ['one hundred twenty-five', ['125[one hundred twenty-five]']],
    ['two, three times', ['2[two]', '3[three]']],
    ['twenty twenty-five', ['20[twenty]', '25[twenty-five]']],
    ['quinze milligrammes', ['15[quinze]']],
    ['soixante-quinze ans', ['75[soixante-quinze]']],
    ['quatre-vingt-dix', ['90[quatre-vingt-dix]']],
    ['quatre vingts ans', ['80[quatre vingts]']],
    ['quatre vingt-dix', ['90[quatre vingt-dix]']],
    ['vingt et un jours', ['21[vingt et un]']],
    ['trente-et-un jours', ['31[trente-et-un]']],
    ['soixante et onze', ['71[soixante et onze]']],
    ['deux cents', ['200[deux cents]']],
    ['deux cent quatre-vingt-dix milligrammes', ['290[deux cent quatre-vingt-dix]']],
    ['cent milligrammes', ['100[cent]']],
    ['cincuenta miligramos', ['50[cincuenta]']],
    ['treinta y cinco', ['35[treinta y cinco]']],
    ['veintiséis', ['26[veintiséis]']],
    ['doscientos cincuenta', ['250[doscientos cincuenta]']],
    ['ciento veinte', ['120[ciento veinte]']],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    ['once a day', []],
    ['ten per cent', ['10[ten]']],
    ['dix pour cent', ['10[dix]']],
    ['fifty cents', ['50[fifty]']],
    ['quatre vingtaines', ['4[quatre]']],
    ['entre treinta y cuarenta', ['30[treinta]', '40[cuarenta]']],
    ['cincuenta y diez', ['50[cincuenta]', '10[diez]']],
  ])('not more than it says: %s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});
