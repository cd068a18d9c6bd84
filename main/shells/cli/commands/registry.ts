import { appointmentsCommand } from './appointments.ts';
import { auditCommand } from './audit.ts';
import { brokerCommand } from './broker.ts';
import { checkCommand } from './check.ts';
import { devicesCommand } from './devices.ts';
import { dictateCommand } from './dictate.ts';
import { recoverCommand } from './recover.ts';
import { sendInstructionsCommand } from './send-instructions.ts';
import { textsCommand } from './texts.ts';
import { transcribeCommand } from './transcribe.ts';
import type { CommandSynopsis } from '../help.ts';

/**
 * Further CLI commands (streaming: transcribe, dictate, devices, recover) register here; the help says
 * what each does in the words module's words (`cli.commands`, by name: a command without words is a type error).
 */
export interface CliCommand extends CommandSynopsis {
  run(args: string[]): Promise<number>;
}

/** Commands beyond doctor and note, dispatched by name from index.ts. */
export const extraCommands: CliCommand[] = [
  transcribeCommand,
  dictateCommand,
  devicesCommand,
  recoverCommand,
  auditCommand,
  brokerCommand,
  appointmentsCommand,
  sendInstructionsCommand,
  textsCommand,
  checkCommand,
];
