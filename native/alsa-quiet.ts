/**
 * Keeps libasound from printing to stderr. On Linux pvrecorder reaches ALSA, and ALSA prints every
 * configuration error itself ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'"), dozens of lines
 * when there is no sound card or no PulseAudio, each time microphones are listed or a capture opens. Those
 * errors still reach us as pvrecorder's failures (no devices, open_failed); only ALSA's own printing is
 * replaced, process-wide (capture workers included), by a handler that drops the line. Our own messages
 * never go through ALSA, so nothing of ours is hidden.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

const require = createRequire(import.meta.url);

/**
 * libasound while the handler is in place, held for the life of the process: koffi unloads a library once
 * its handle is collected, and once pvrecorder has released its own hold too, libasound would be unloaded
 * and come back with its default, printing handler (seen under load: a capture opened after a GC printed).
 */
let silenced: Koffi.LibraryHandle | null = null;

/**
 * Installs the silent handler once per process; true when it is in place. Does nothing (false) off Linux
 * or when libasound cannot be loaded.
 */
export function silenceAlsaErrors(platform: NodeJS.Platform = process.platform): boolean {
  if (silenced || platform !== 'linux') return silenced !== null;
  try {
    const koffi = require('koffi') as typeof Koffi;
    const alsa = koffi.load('libasound.so.2');
    // ALSA's handler is variadic (…, const char *fmt, ...). Declaring only the named parameters is sound on
    // Linux x86-64 and arm64: they travel exactly as in a non-variadic call, and the handler reads none.
    const handler = koffi.proto(
      'void ScribeAlsaErrorHandler(const char *file, int line, const char *fn, int err, const char *fmt)',
    );
    const setHandler = alsa.func('int snd_lib_error_set_handler(ScribeAlsaErrorHandler *handler)');
    // Registered for the life of the process: ALSA keeps the pointer. Calls from capture workers are queued
    // to this thread by koffi (the worker waits for the event loop, which a capture never blocks).
    if (setHandler(koffi.register(() => undefined, koffi.pointer(handler))) === 0) silenced = alsa;
  } catch {
    silenced = null;
  }
  return silenced !== null;
}
