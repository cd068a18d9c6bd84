import { appointmentsCommand } from './appointments.ts';
import { auditCommand } from './audit.ts';
import { brokerCommand } from './broker.ts';
import { devicesCommand } from './devices.ts';
import { dictateCommand } from './dictate.ts';
import { recoverCommand } from './recover.ts';
import { sendInstructionsCommand } from './send-instructions.ts';
import { transcribeCommand } from './transcribe.ts';

/** Further CLI commands (streaming: transcribe, dictate, devices, recover) register here. */
export interface CliCommand {
  name: string;
  usage: string;
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
];
