/**
 * A schema's refusal as facts the words module turns into a sentence (preload/words: `fieldProblem`): for
 * each issue, where (the path) and what kind of problem, with the type, values, limit or format it names.
 * Never the value itself: the file may hold patient data, the setting a secret. A refinement names its
 * format with `params: {format}` (FIELD_FORMATS); an issue of no known kind is `invalid`, still with its path.
 */
import type { z } from 'zod';
import {
  FIELD_FORMATS,
  type FieldFormat,
  type FieldProblem,
  type FieldType,
  type KeyRefusal,
} from '../../../../preload/contract/index.ts';

type Issue = z.core.$ZodIssue;

const TYPES: Readonly<Record<string, FieldType>> = {
  string: 'string',
  number: 'number',
  int: 'number',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
  record: 'object',
};

/** The first `max` issues of a refusal as facts; `input` is what was parsed (to tell a missing field). */
export function fieldProblems(error: z.ZodError, input: unknown, max = 3): FieldProblem[] {
  return error.issues.slice(0, max).map((issue) => fieldProblem(issue, input));
}

/** One issue as facts. */
export function fieldProblem(issue: Issue, input: unknown): FieldProblem {
  const path = issue.path.map(String).join('.');
  return { path, ...problemOf(issue, valueAt(input, issue.path) === undefined) };
}

function problemOf(issue: Issue, absent: boolean): Omit<FieldProblem, 'path'> {
  switch (issue.code) {
    case 'invalid_type':
      if (absent) return { kind: 'missing' };
      if (issue.expected === 'int') return { kind: 'not_whole' };
      return TYPES[issue.expected]
        ? { kind: 'wrong_type', expected: TYPES[issue.expected] }
        : { kind: 'invalid' };
    case 'invalid_value':
      return absent ? { kind: 'missing' } : { kind: 'not_allowed', values: issue.values.map(String) };
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (Array.isArray(options))
        return absent ? { kind: 'missing' } : { kind: 'not_allowed', values: options.map(String) };
      return { kind: 'invalid' };
    }
    case 'too_small':
    case 'too_big':
      return sizeProblem(issue);
    case 'not_multiple_of':
      return { kind: 'not_whole' };
    case 'unrecognized_keys':
      return { kind: 'unknown_fields', fields: issue.keys };
    case 'invalid_format':
      return {
        kind: 'bad_format',
        format: issue.format === 'date' ? 'date' : issue.format === 'url' ? 'url' : 'pattern',
      };
    case 'custom':
      return customProblem(issue.params);
    default:
      return { kind: 'invalid' };
  }
}

function sizeProblem(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): Omit<FieldProblem, 'path'> {
  const small = issue.code === 'too_small';
  const bound = Number(small ? issue.minimum : (issue as { maximum: number | bigint }).maximum);
  // An exclusive bound names the first value past it (whole numbers, lengths and counts).
  const limit = issue.inclusive === false ? (small ? bound + 1 : bound - 1) : bound;
  switch (issue.origin) {
    case 'string':
      return { kind: small ? 'too_short' : 'too_long', limit };
    case 'array':
    case 'set':
      return { kind: small ? 'too_few' : 'too_many', limit };
    default:
      return { kind: small ? 'too_small' : 'too_big', limit };
  }
}

function customProblem(params: Readonly<Record<string, unknown>> | undefined): Omit<FieldProblem, 'path'> {
  const format = params?.format;
  if (typeof format === 'string' && (FIELD_FORMATS as readonly string[]).includes(format))
    return { kind: 'bad_format', format: format as FieldFormat };
  if (typeof params?.rule === 'string')
    return { kind: 'bad_format', format: 'url', rule: params.rule as FieldProblem['rule'] };
  const refusal = params?.refusal as KeyRefusal | undefined;
  if (typeof refusal?.reason === 'string')
    return { kind: 'invalid', refusal, ...(typeof params?.keys === 'string' ? { keys: params.keys } : {}) };
  return { kind: 'invalid' };
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}
