import { Emitter } from '../../base/async/emitter.ts';
import type { AudioNotice } from './audio-source.ts';

/** The listeners of AudioSource.onDidNotice; one that throws does not stop capture or the others. */
export class NoticeEmitter extends Emitter<AudioNotice> {}
