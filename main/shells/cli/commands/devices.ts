/**
 * `scribe devices`: the microphones the recorder sees, one per line, the OS default marked with "* ".
 */
import { listMicrophones, type AudioDeps } from '../../../core/audio/index.ts';
import { CliError, EXIT, out } from '../io.ts';
import type { CliCommand } from './registry.ts';

/** Lists microphones; fails with one line when there is none (no device, or no recorder available). */
async function devices(args: string[], deps: AudioDeps = {}): Promise<number> {
  if (args.length > 0) throw new CliError('devices takes no arguments.', EXIT.usage);
  const microphones = await listMicrophones(deps);
  if (microphones.length === 0) throw new CliError('No microphone was found.', EXIT.failure);
  for (const mic of microphones) out(`${mic.isDefault ? '* ' : '  '}${mic.name}`);
  return 0;
}

/** The `devices` command. */
export const devicesCommand: CliCommand = {
  name: 'devices',
  usage: 'devices                              list microphones (* marks the default)',
  run: (args) => devices(args),
};
