/**
 * The microphones a person picks from: the recorder's devices without what is not a microphone. On Linux
 * the recorder may list ALSA's plugins by their descriptions ("Discard all samples (playback) or generate
 * zero samples (capture)", the sound-server bridges, rate converters) and PulseAudio's monitors of outputs
 * (what the speakers play); neither is an input a clinician means. The default is PulseAudio's default
 * source where there is one (the one the desktop's sound settings show), else the recorder's.
 */
import type { PulseSource } from '../../../native/pulse-sources.ts';

/** A microphone as the CLI's `scribe devices` and the settings show it. */
export interface MicrophoneInfo {
  readonly name: string;
  readonly isDefault: boolean;
}

/** ALSA's plugin and virtual-device descriptions (alsa-lib and alsa-plugins `pcm` hints), not inputs. */
const ALSA_PLUGINS: readonly RegExp[] = [
  /^Discard all samples/i,
  /^(PulseAudio|PipeWire) Sound Server/i,
  /^Playback\/recording through the PulseAudio sound server/i,
  /^Default ALSA Output/i,
  /^Rate Converter Plugin/i,
  /^Plugin (for|using) /i,
  /^Sound mixer plugin/i,
  /^JACK Audio Connection Kit/i,
  /^Open Sound System/i,
];

/** True for a device name that is an ALSA plugin's description rather than an input. */
export function isAlsaPlugin(name: string): boolean {
  return ALSA_PLUGINS.some((pattern) => pattern.test(name));
}

/**
 * The inputs to offer from the recorder's names: plugins and monitors left out, the default marked (one at
 * most). `sources` are PulseAudio's (null where there is none).
 */
export function microphonesFrom(
  names: readonly string[],
  recorderDefault: string | null,
  sources: readonly PulseSource[] | null,
): MicrophoneInfo[] {
  const source = new Map((sources ?? []).map((s) => [s.description, s]));
  const inputs = [...new Set(names)].filter((name) => !isAlsaPlugin(name) && !source.get(name)?.monitor);
  const pulseDefault = sources?.find((s) => s.isDefault)?.description;
  const chosen = pulseDefault !== undefined && inputs.includes(pulseDefault) ? pulseDefault : recorderDefault;
  return inputs.map((name) => ({ name, isDefault: name === chosen }));
}
