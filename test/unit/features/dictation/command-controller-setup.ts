/**
 * A controller with fakes for voice-command tests: a scripted session, the in-memory field (FakeInserter),
 * a fake FieldNavigator and the overlay as a list of states.
 */
import { expect, vi } from 'vitest';
import {
  DictationController,
  type DictationSink,
} from '../../../../main/features/dictation/dictation-controller.ts';
import { FakeInserter } from '../../../../main/features/dictation/inserter.fake.ts';
import type { FieldMove, FieldNavigator, OverlayState } from '../../../../main/features/dictation/ports.ts';
import type { FillOutcome } from '../../../../main/features/dictation/commands/field-fill-commands.ts';
import type { FieldFill } from '../../../../preload/contract/text-fields.ts';
import { endlessMicrophone, scriptedOpen } from './scripted-session.ts';

/** Field moves, recorded with the field's text at the time. */
class FakeNavigator implements FieldNavigator {
  readonly moves: { direction: string; field: string }[] = [];
  constructor(
    private readonly inserter: FakeInserter,
    public outcome: FieldMove = { kind: 'selected' },
  ) {}
  async move(direction: 'next' | 'previous'): Promise<FieldMove> {
    this.moves.push({ direction, field: this.inserter.field });
    this.inserter.events.push(`move:${direction}`);
    return this.outcome;
  }
  /** What fill() answers. */
  fillOutcome: FillOutcome = 'done';
  async fill(kind: FieldFill): Promise<FillOutcome> {
    this.inserter.events.push(`fill:${kind}`);
    return this.fillOutcome;
  }
}

/** A controller dictating into a FakeInserter (or, `box`, into our own dictation box). */
export function setup(
  options: {
    enabled?: boolean;
    locale?: string;
    navigator?: boolean;
    box?: boolean;
    texts?: readonly { name: string; content: string }[];
    transfer?: () => Promise<void>;
    makeText?: (content: string) => void;
  } = {},
) {
  const inserter = new FakeInserter();
  if (options.box) inserter.target = null;
  const navigator = new FakeNavigator(inserter);
  const overlay: OverlayState[] = [];
  const finished: { text: string; flags: unknown }[] = [];
  const undone: { text: string; removed: boolean }[] = [];
  /** What the box was given to select, by its text. */
  const selected: string[] = [];
  const shown: string[] = []; // the dictation box's text, after each change
  const { open, sessions } = scriptedOpen();
  const sink: DictationSink = {
    live: (text, _flags, selection) => {
      shown.push(text);
      if (selection) selected.push(text.slice(selection.start, selection.start + selection.length));
    },
    finished: (text, _outcome, flags) => void finished.push({ text, flags }),
    undone: (text, removed) => void undone.push({ text, removed }),
  };
  const controller = new DictationController({
    open,
    microphone: endlessMicrophone(),
    lock: { holder: () => null, acquire: () => true, release: () => undefined },
    inserter,
    overlay: { show: (state) => void (state && overlay.push(state)) },
    sink,
    commands: () => ({
      enabled: options.enabled ?? true,
      locale: options.locale ?? 'ENGLISH_US',
      ...(options.texts ? { texts: options.texts } : {}),
    }),
    ...(options.navigator === false ? {} : { navigator }),
    ...(options.transfer ? { transfer: options.transfer } : {}),
    ...(options.makeText ? { makeText: options.makeText } : {}),
    outcomeMs: 5,
  });
  const session = async () => {
    await controller.start();
    await vi.waitFor(() => expect(sessions).toHaveLength(1));
    return sessions[0]!;
  };
  const said = (code: string) => overlay.some((s) => s.message?.code === code);
  return { controller, inserter, navigator, overlay, finished, undone, selected, shown, session, said };
}
