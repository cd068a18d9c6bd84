import { describe, expect, it } from 'vitest';
import { KeptAudio, type AudioJournal } from '../../../../main/core/streaming/kept-audio.ts';

/** A journal whose writes the test completes by hand. */
class HeldJournal implements AudioJournal {
  writable = true;
  readonly writes: (() => void)[] = [];
  appendAudio(): Promise<void> {
    return new Promise((resolve) => this.writes.push(resolve));
  }
  async readAudio(): Promise<Int16Array> {
    throw new Error('not read back in this test');
  }
}

function keep(journal: HeldJournal) {
  const audio = new KeptAudio(1, { journal });
  audio.startSocket();
  const durable: number[] = [];
  const append = () => {
    const index = audio.append(
      0,
      new Int16Array(1600),
      () => durable.push(index),
      () => undefined,
    );
  };
  return { audio, durable, append };
}

describe('KeptAudio with a journal', () => {
  it('offers a chunk for sending only once the journal holds it', async () => {
    const journal = new HeldJournal();
    const { audio, durable, append } = keep(journal);
    append();
    append();
    // Killed now, the service must not have heard what the disk does not hold.
    expect(audio.nextToSend()).toBeUndefined();
    journal.writes[0]!();
    await expect.poll(() => durable).toEqual([0]);
    expect(audio.nextToSend()).toEqual({ stream: 0, index: 0, seqId: 0 });
    audio.markSent(0, 0);
    expect(audio.nextToSend()).toBeUndefined();
    journal.writes[1]!();
    await expect.poll(() => durable).toEqual([0, 1]);
    expect(audio.nextToSend()).toEqual({ stream: 0, index: 1, seqId: 1 });
  });

  it('sends from memory while the journal cannot write (a full disk): the service is the other safe place', () => {
    const journal = new HeldJournal();
    const { audio, append } = keep(journal);
    journal.writable = false;
    append();
    expect(audio.nextToSend()).toEqual({ stream: 0, index: 0, seqId: 0 });
  });
});
