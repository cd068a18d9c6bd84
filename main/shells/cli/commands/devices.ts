/**
 * `scribe devices`: the microphones the recorder sees, one per line, the OS default marked with "* ".
 */
import { listMicrophones, type AudioDeps } from '../../../core/audio/index.ts';
import { CliError, EXIT, out } from '../io.ts';
import { words } from '../../../../preload/words/index.ts';
import type { CliCommand } from './registry.ts';

/** Lists microphones; fails with one line when there is none (no device, or no recorder available). */
async function devices(args: string[], deps: AudioDeps = {}): Promise<number> {
  if (args.length > 0) throw new CliError(words().cli.takesNoArguments('devices'), EXIT.usage);
  const microphones = await listMicrophones(deps);
  if (microphones.length === 0) throw new CliError(words().cli.noMicrophone, EXIT.failure);
  for (const mic of microphones) out(`${mic.isDefault ? '* ' : '  '}${mic.name}`);
  return 0;
}

/** The `devices` command. */
export const devicesCommand: CliCommand = {
  name: 'devices',
  synopsis: 'devices',
  run: (args) => devices(args),
};
