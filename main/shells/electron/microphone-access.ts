/**
 * The OS microphone permission through Electron. macOS (hardened runtime, TCC) delivers silence to an app
 * that was denied, and Windows does the same when "Let desktop apps access your microphone" is off, so the
 * visit asks before it records instead of streaming minutes of silence.
 */
import { systemPreferences } from 'electron';
import type { MicrophoneAccess } from '../../core/audio/ports.ts';

/** The permission check for this platform (Linux has no such setting: always allowed). */
export function electronMicrophoneAccess(platform: NodeJS.Platform): MicrophoneAccess {
  return {
    async request() {
      if (platform !== 'darwin' && platform !== 'win32') return true;
      const status = systemPreferences.getMediaAccessStatus('microphone');
      if (status === 'granted') return true;
      // Shows the system prompt with NSMicrophoneUsageDescription (electron-builder.yml) the first time.
      if (platform === 'darwin' && status === 'not-determined')
        return systemPreferences.askForMediaAccess('microphone');
      return status !== 'denied' && status !== 'restricted';
    },
  };
}
