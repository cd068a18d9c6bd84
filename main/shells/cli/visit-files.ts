/**
 * `scribe note`'s visit details: `--encounter-date`, `--specialty`, and the JSON files `--patient`,
 * `--diagnoses` and `--source-note` in the contract's shapes (main/core/api/schemas/visit-context.ts),
 * each checked before anything is sent, with a one-line reason that names the flag and the field at fault
 * but never quotes what the file holds (it is patient data).
 */
import type { z } from 'zod';
import {
  DiagnosesSchema,
  IsoDateSchema,
  PatientDemographicsSchema,
  SourceNoteSchema,
  type VisitContext,
} from '../../core/api/schemas/visit-context.ts';
import { fieldProblems } from '../../core/api/schemas/field-problems.ts';
import { CliError, EXIT } from './io.ts';
import { readTextInput, type TextInputFile } from './text-input.ts';
import { words } from '../../../preload/words/index.ts';

/** The flags as parsed. */
export interface VisitFlags {
  encounterDate?: string;
  specialty?: string;
  patient?: string;
  diagnoses?: string;
  sourceNote?: string;
}

/** Reads one JSON file and checks it against its shape; a refusal names the flag and the field. */
async function readJson<T>(path: string, flag: `--${TextInputFile}`, schema: z.ZodType<T>): Promise<T> {
  const text = await readTextInput(path, flag.replace(/^--/, '') as TextInputFile);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // JSON.parse's own message quotes the text around the fault: never shown.
    throw new CliError(words().cli.input.notJson(flag), EXIT.usage);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const cli = words().cli;
    const said = fieldProblems(parsed.error, value).map((problem) => cli.fieldProblem(problem));
    throw new CliError(cli.input.invalid(flag, said.join(cli.problemSeparator)), EXIT.usage);
  }
  return parsed.data;
}

/** The visit context the flags give (files read and checked); empty when none is given. */
export async function visitContextFromFlags(flags: VisitFlags): Promise<VisitContext> {
  const said = words().cli.input;
  const stdin = [flags.patient, flags.diagnoses, flags.sourceNote].filter((p) => p === '-').length;
  if (stdin > 1) throw new CliError(said.oneStdin, EXIT.usage);
  if (flags.encounterDate !== undefined && !IsoDateSchema.safeParse(flags.encounterDate).success)
    throw new CliError(said.encounterDate, EXIT.usage);
  if (flags.specialty !== undefined && flags.specialty.trim() === '')
    throw new CliError(said.specialtyEmpty, EXIT.usage);
  const patient = flags.patient
    ? await readJson(flags.patient, '--patient', PatientDemographicsSchema)
    : undefined;
  const diagnoses = flags.diagnoses
    ? await readJson(flags.diagnoses, '--diagnoses', DiagnosesSchema)
    : undefined;
  const sourceNote = flags.sourceNote
    ? await readJson(flags.sourceNote, '--source-note', SourceNoteSchema)
    : undefined;
  return {
    ...(flags.encounterDate ? { encounterDate: flags.encounterDate } : {}),
    ...(flags.specialty ? { specialty: flags.specialty.trim() } : {}),
    ...(patient ? { patient } : {}),
    ...(diagnoses ? { diagnoses } : {}),
    ...(sourceNote ? { sourceNote } : {}),
  };
}
