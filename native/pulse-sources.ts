/**
 * The audio inputs as PulseAudio (or PipeWire's PulseAudio server) names them on Linux: each source's
 * description ("Built-in Audio Analog Stereo", "Jabra Evolve 65"), whether it is a monitor of an output
 * (not a microphone), and which is the default. Read with `pactl -f json list sources` and
 * `pactl get-default-source` (pulseaudio-utils / pipewire-pulse), by its absolute path in a system folder. Null where there is no such server or no
 * pactl: the recorder's own names are then used.
 */
import { execFile } from 'node:child_process';
import { systemProgram } from '../main/base/system-program.ts';

/** One PulseAudio source. */
export interface PulseSource {
  /** The source's name (`alsa_input.pci-0000_00_1f.3.analog-stereo`). */
  readonly name: string;
  /** What people call it; the recorder lists sources by this description. */
  readonly description: string;
  /** A monitor of an output (what the speakers play), not an input. */
  readonly monitor: boolean;
  readonly isDefault: boolean;
}

const TIMEOUT_MS = 2_000;

function pactl(args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(systemProgram('pactl'), args, { timeout: TIMEOUT_MS, encoding: 'utf8' }, (error, stdout) =>
      resolve(error ? null : stdout),
    );
  });
}

interface PactlSource {
  name?: unknown;
  description?: unknown;
  monitor_of_sink?: unknown;
  properties?: Record<string, unknown>;
}

/** Parses `pactl -f json list sources` (an array of sources); null when it is not that. */
export function parsePulseSources(json: string, defaultName: string | null): PulseSource[] | null {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(list)) return null;
  return list.flatMap((item: PactlSource) => {
    if (typeof item?.name !== 'string') return [];
    const description =
      typeof item.description === 'string' && item.description ? item.description : item.name;
    const monitor =
      item.properties?.['device.class'] === 'monitor' ||
      (typeof item.monitor_of_sink === 'string' && item.monitor_of_sink !== 'n/a');
    return [{ name: item.name, description, monitor, isDefault: item.name === defaultName }];
  });
}

/** The sources of the running PulseAudio/PipeWire server, or null (not Linux, no server, no pactl). */
export async function readPulseSources(platform: string = process.platform): Promise<PulseSource[] | null> {
  if (platform !== 'linux') return null;
  const [json, fallback] = await Promise.all([
    pactl(['-f', 'json', 'list', 'sources']),
    pactl(['get-default-source']),
  ]);
  if (json === null) return null;
  return parsePulseSources(json, fallback?.trim() || null);
}
