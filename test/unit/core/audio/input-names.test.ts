/**
 * The microphone list people pick from: on Linux the recorder may list ALSA's plugins (as a first use found:
 * "Discard all samples…" shown as the default among ten such entries) and PulseAudio's monitors of outputs;
 * only real inputs are offered, by the names the desktop shows, with the default marked once.
 */
import { describe, expect, it } from 'vitest';
import { listMicrophones } from '../../../../main/core/audio/index.ts';
import { isAlsaPlugin, microphonesFrom } from '../../../../main/core/audio/input-names.ts';
import { parsePulseSources, type PulseSource } from '../../../../native/pulse-sources.ts';
import { FakeRecorder } from '../../../../native/recorder.fake.ts';

/** What pvrecorder listed over ALSA on a machine without a reachable sound server (recorded). */
const ALSA_LIST = [
  'Discard all samples (playback) or generate zero samples (capture)',
  'PipeWire Sound Server',
  'PulseAudio Sound Server',
  'Default ALSA Output (currently PipeWire Media Server)',
  'Rate Converter Plugin Using Samplerate Library',
  'Rate Converter Plugin Using Speex Resampler',
  'JACK Audio Connection Kit',
  'Open Sound System',
  'Plugin for channel upmix (4,6,8)',
  'Plugin for channel downmix (stereo) with a simple spacialization',
  'HDA Intel PCH, ALC3246 Analog',
];

const source = (description: string, extra: Partial<PulseSource> = {}): PulseSource => ({
  name: description.toLowerCase().replace(/\W+/g, '_'),
  description,
  monitor: false,
  isDefault: false,
  ...extra,
});

describe('microphone names', () => {
  it('hides ALSA plugins and keeps the sound card', () => {
    for (const name of ALSA_LIST.slice(0, -1)) expect(isAlsaPlugin(name), name).toBe(true);
    expect(microphonesFrom(ALSA_LIST, ALSA_LIST[0]!, null)).toEqual([
      { name: 'HDA Intel PCH, ALC3246 Analog', isDefault: false },
    ]);
  });

  it('hides monitors of outputs and marks PulseAudio’s default source', () => {
    const names = [
      'Monitor of Built-in Audio Analog Stereo',
      'Built-in Audio Analog Stereo',
      'Jabra Evolve 65',
    ];
    const sources = [
      source('Monitor of Built-in Audio Analog Stereo', { monitor: true }),
      source('Built-in Audio Analog Stereo'),
      source('Jabra Evolve 65', { isDefault: true }),
    ];
    expect(microphonesFrom(names, 'Monitor of Built-in Audio Analog Stereo', sources)).toEqual([
      { name: 'Built-in Audio Analog Stereo', isDefault: false },
      { name: 'Jabra Evolve 65', isDefault: true },
    ]);
  });

  it('reads pactl’s JSON: descriptions, monitors by class or by monitor_of_sink, the default by name', () => {
    const json = JSON.stringify([
      {
        name: 'virt_spk.monitor',
        description: 'Monitor of Null Output',
        properties: { 'device.class': 'monitor' },
      },
      { name: 'virt_mic', description: 'virt_mic', properties: { 'device.class': 'filter' } },
      { name: 'alsa_output.x.monitor', description: 'Monitor of X', monitor_of_sink: 'alsa_output.x' },
    ]);
    expect(parsePulseSources(json, 'virt_mic')).toEqual([
      { name: 'virt_spk.monitor', description: 'Monitor of Null Output', monitor: true, isDefault: false },
      { name: 'virt_mic', description: 'virt_mic', monitor: false, isDefault: true },
      { name: 'alsa_output.x.monitor', description: 'Monitor of X', monitor: true, isDefault: false },
    ]);
    expect(parsePulseSources('not json', null)).toBeNull();
  });

  it('listMicrophones applies it to the recorder’s devices', async () => {
    const recorder = new FakeRecorder(
      ALSA_LIST.map((name) => ({ name })),
      ALSA_LIST.length - 1,
    );
    expect(await listMicrophones({ recorder })).toEqual([
      { name: 'HDA Intel PCH, ALC3246 Analog', isDefault: true },
    ]);
  });
});
