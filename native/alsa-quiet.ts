/**
 * Keeps libasound from printing to stderr. On Linux pvrecorder reaches ALSA, and ALSA prints every
 * configuration error itself ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'"), dozens of lines
 * when there is no sound card or no PulseAudio, each time microphones are listed or a capture opens. Those
 * errors still reach us as pvrecorder's failures (no devices, open_failed); only ALSA's own printing is
 * dropped. Our own messages never go through ALSA, so nothing of ours is hidden.
 *
 * The handler is ALSA's thread-local one (`snd_lib_error_set_local`, which its default handler calls
 * instead of printing), installed by each thread that reaches ALSA: the main thread here, each capture
 * worker through QUIET_THIS_THREAD. A process-wide handler would be a JavaScript callback of the main
 * thread, which koffi runs for a worker by making the worker wait for the main thread's event loop: a worker
 * printing while holding ALSA's configuration lock, with the main thread waiting for that lock to list
 * microphones, would freeze both.
 */
import type * as Koffi from 'koffi';
import { loadNative, resolveNative } from './native-module.ts';

/** Where koffi is, for a capture worker to load it; null without koffi (ALSA then prints, nothing fails). */
export function koffiPath(): string | null {
  try {
    return resolveNative('koffi');
  } catch {
    return null;
  }
}

/**
 * Silences ALSA's printing for the calling thread; returns libasound's handle, which the caller keeps for the
 * life of the thread (koffi unloads a library once its handle is collected, and libasound would come back
 * without the handler). Plain JavaScript with no outside names: a capture worker runs it from its source text.
 */
function quietThisThread(koffi: typeof Koffi): unknown {
  const alsa = koffi.load('libasound.so.2');
  // The local handler is not variadic: its last parameter is a va_list, passed as a pointer.
  const proto = koffi.proto(
    'void ScribeAlsaLocalHandler(const char *file, int line, const char *fn, int err, const char *fmt, void *args)',
  );
  const setLocal = alsa.func('void *snd_lib_error_set_local(ScribeAlsaLocalHandler *handler)');
  setLocal(koffi.register(() => undefined, koffi.pointer(proto)));
  return alsa;
}

/** The same, as source text a worker evaluates with its `require` and koffi's path: `(…)(require(path))`. */
export const QUIET_THIS_THREAD = quietThisThread.toString();

let silenced: unknown = null;

/**
 * Installs the silent handler for the main thread once; true when it is in place. Does nothing (false) off
 * Linux or when libasound cannot be loaded.
 */
export function silenceAlsaErrors(platform: NodeJS.Platform = process.platform): boolean {
  if (silenced || platform !== 'linux') return silenced !== null;
  try {
    silenced = quietThisThread(loadNative<typeof Koffi>('koffi'));
  } catch {
    silenced = null;
  }
  return silenced !== null;
}
