/**
 * `scribe send-instructions --appointment ID --file F [--as message|attachment]`: for IT checks in
 * development, the reviewed patient instructions in F (or standard input with `-`) sent to the patient of
 * the appointment, through the same code as the app's server-credentials path (ServerSchedule: only the
 * `--user` clinician's appointments; the patient's conversation created when there is none; a locked one
 * refused). Prints the conversation's newest messages' authors, never their text.
 */
import { parseArgs } from 'node:util';
import { PATIENT_MESSAGE_MAX_CHARS } from '../../../../preload/contract/index.ts';
import { ServerSchedule } from '../../../features/schedule/server-schedule.ts';
import { CONNECTION_FLAGS } from '../connect.ts';
import { CliError, EXIT, oneLine, out } from '../io.ts';
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
    throw new CliError(oneLine((error as Error).message), EXIT.usage);
  }
}

async function sendInstructions(args: string[]): Promise<number> {
  const { values } = parseFlags(args);
  if (!values.appointment || !values.file)
    throw new CliError('send-instructions: give --appointment ID and --file F (or - for stdin).', EXIT.usage);
  if (values.as !== 'message' && values.as !== 'attachment')
    throw new CliError('send-instructions: --as is message or attachment.', EXIT.usage);
  const text = (await readTextInput(values.file, 'instructions')).trim();
  if (text.length === 0) throw new CliError('send-instructions: the file is empty.', EXIT.usage);
  if (text.length > PATIENT_MESSAGE_MAX_CHARS)
    throw new CliError(
      `send-instructions: the instructions are ${text.length} characters; the limit is ${PATIENT_MESSAGE_MAX_CHARS}.`,
      EXIT.usage,
    );
  const { ctx, clinician } = await clinicianServerApi('send-instructions', values);
  const sent = await new ServerSchedule(ctx, clinician).sendInstructions(values.appointment, {
    text,
    as: values.as,
  });
  out(
    `sent ${values.as}${sent.created ? ' (new conversation)' : ''} to conversation ${sent.conversation_id}`,
  );
  for (const m of sent.messages) out(`  ${m.from}${m.attachment ? ' (attachment)' : ''}`);
  return 0;
}

/** The `send-instructions` command. */
export const sendInstructionsCommand: CliCommand = {
  name: 'send-instructions',
  synopsis: 'send-instructions --appointment ID --file F [--as message|attachment]',
  run: (args) => sendInstructions(args),
};
