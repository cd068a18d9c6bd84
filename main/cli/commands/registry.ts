/** Further CLI commands (streaming: transcribe, dictate, devices) register here. */
export interface CliCommand {
  name: string;
  usage: string;
  run(args: string[]): Promise<number>;
}

export const extraCommands: CliCommand[] = [];
