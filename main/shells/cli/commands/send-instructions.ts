/**
 * `scribe send-instructions --appointment ID --file F [--as message|attachment]`: for IT checks in
 * development, the reviewed patient instructions in F (or standard input with `-`) sent to the patient of
 * the appointment, through the same code as the app's server-credentials path (ServerSchedule: only the
 * `--user` clinician's appointments; the patient's conversation created when there is none; a locked one
 * refused). Prints the conversation's newest messages' authors, never their text.
 */
import { parseArgs } from 'node:util';
import { PATIENT_MESSAGE_MAX_CHARS } from '../../../../preload/contract/index.ts';
import { headless } from '../../../compose/headless.ts';
import { CONNECTION_FLAGS } from '../connect.ts';
import { CliError, EXIT, out, usageError } from '../io.ts';
import { words } from '../../../../preload/words/index.ts';
import { readTextInput } from '../text-input.ts';
import { clinicianServerApi } from './appointments.ts';
import type { CliCommand } from './registry.ts';

function parseFlags(args: string[]) {
  try {
    const options = {
      ...CONNECTION_FLAGS,
      appointment: { type: 'string' },
      file: { type: 'string' },
      as: { type: 'string', default: 'message' },
    } as const;
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (error) {
    throw usageError(error);
  }
}

async function sendInstructions(args: string[]): Promise<number> {
  const said = words().cli.sendInstructions;
  const { values } = parseFlags(args);
  if (!values.appointment || !values.file) throw new CliError(said.needsFlags, EXIT.usage);
  if (values.as !== 'message' && values.as !== 'attachment') throw new CliError(said.asValues, EXIT.usage);
  const text = (await readTextInput(values.file, 'instructions')).trim();
  if (text.length === 0) throw new CliError(said.empty, EXIT.usage);
  if (text.length > PATIENT_MESSAGE_MAX_CHARS)
    throw new CliError(said.tooLong(text.length, PATIENT_MESSAGE_MAX_CHARS), EXIT.usage);
  const { ctx, clinician } = await clinicianServerApi('send-instructions', values);
  const sent = await headless.schedule.serverSchedule(ctx, clinician).sendInstructions(values.appointment, {
    text,
    as: values.as,
  });
  out(said.sent(values.as, sent.created, sent.conversation_id));
  for (const m of sent.messages) out(said.author(m.from, Boolean(m.attachment)));
  return 0;
}

/** The `send-instructions` command. */
export const sendInstructionsCommand: CliCommand = {
  name: 'send-instructions',
  synopsis: 'send-instructions --appointment ID --file F [--as message|attachment]',
  run: (args) => sendInstructions(args),
};
