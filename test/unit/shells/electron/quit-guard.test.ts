import { LOCALES } from '../../../../preload/words/index.ts';
import { describe, expect, it, vi } from 'vitest';
import {
  closeBeforeExit,
  createQuitGuard,
  quitChoiceFromButton,
  quitDialog,
  type QuitChoice,
} from '../../../../main/shells/electron/quit-guard.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(options: { active: boolean; finish?: () => Promise<void>; timeoutMs?: number }) {
  let active = options.active;
  const answer = deferred<QuitChoice>();
  const quit = vi.fn();
  const confirm = vi.fn(() => answer.promise);
  const onDidFail = vi.fn();
  const finish = vi.fn(
    options.finish ??
      (async () => {
        active = false;
      }),
  );
  const guard = createQuitGuard({
    visit: { isActive: () => active, finish },
    confirm,
    quit,
    onDidFail,
    finishTimeoutMs: options.timeoutMs ?? 1_000,
  });
  const setActive = (value: boolean) => {
    active = value;
  };
  return { guard, answer, quit, confirm, finish, onDidFail, setActive };
}

/** Waits until the guard decided (its phase left 'asking'/'finishing'): the decision is the signal. */
const decided = (t: { guard: { phase: string } }, phase: 'running' | 'quitting') =>
  vi.waitFor(() => expect(t.guard.phase).toBe(phase));

describe('quit guard', () => {
  it('lets the app quit at once when no visit is in progress', () => {
    const t = setup({ active: false });
    expect(t.guard.onBeforeQuit()).toBe('allow');
    expect(t.confirm).not.toHaveBeenCalled();
    expect(t.guard.phase).toBe('quitting');
  });

  it('asks during a visit, then ends the visit before quitting', async () => {
    const t = setup({ active: true });
    expect(t.guard.onBeforeQuit()).toBe('prevent');
    expect(t.guard.onBeforeQuit()).toBe('prevent'); // a second Cmd+Q while asking: still one dialog
    expect(t.confirm).toHaveBeenCalledTimes(1);
    t.answer.resolve('end-visit-and-quit');
    await decided(t, 'quitting');
    expect(t.finish).toHaveBeenCalledTimes(1);
    expect(t.quit).toHaveBeenCalledTimes(1);
    expect(t.finish.mock.invocationCallOrder[0]!).toBeLessThan(t.quit.mock.invocationCallOrder[0]!);
    expect(t.guard.onBeforeQuit()).toBe('allow'); // the before-quit that app.quit() fires again
  });

  it('keeps recording when the person says so, or when the dialog fails', async () => {
    const t = setup({ active: true });
    t.guard.onBeforeQuit();
    t.answer.resolve('keep-recording');
    await decided(t, 'running');
    expect(t.finish).not.toHaveBeenCalled();
    expect(t.quit).not.toHaveBeenCalled();
    expect(t.guard.phase).toBe('running');

    const u = setup({ active: true });
    u.guard.onBeforeQuit();
    u.answer.reject(new Error('dialog failed'));
    await decided(u, 'running');
    expect(u.finish).not.toHaveBeenCalled();
    expect(u.guard.phase).toBe('running');
  });

  it('quits without finishing when the visit ended while the dialog was open', async () => {
    const t = setup({ active: true });
    t.guard.onBeforeQuit();
    t.setActive(false);
    t.answer.resolve('end-visit-and-quit');
    await decided(t, 'quitting');
    expect(t.finish).not.toHaveBeenCalled();
    expect(t.quit).toHaveBeenCalledTimes(1);
  });

  it('still quits (the journal keeps the audio) when finishing fails or hangs', async () => {
    const failing = setup({ active: true, finish: () => Promise.reject(new Error('socket')) });
    failing.guard.onBeforeQuit();
    failing.answer.resolve('end-visit-and-quit');
    await decided(failing, 'quitting');
    expect(failing.quit).toHaveBeenCalledTimes(1);
    expect(failing.onDidFail).toHaveBeenCalledWith('finish_failed');

    vi.useFakeTimers();
    try {
      const hanging = setup({ active: true, finish: () => new Promise(() => {}), timeoutMs: 5_000 });
      hanging.guard.onBeforeQuit();
      hanging.answer.resolve('end-visit-and-quit');
      await vi.advanceTimersByTimeAsync(4_999);
      expect(hanging.quit).not.toHaveBeenCalled();
      expect(hanging.guard.onBeforeQuit()).toBe('prevent');
      await vi.advanceTimersByTimeAsync(1);
      expect(hanging.quit).toHaveBeenCalledTimes(1);
      expect(hanging.onDidFail).toHaveBeenCalledWith('finish_timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('finishes without asking when the OS ends the session', async () => {
    const t = setup({ active: true });
    await t.guard.onSessionEnd();
    expect(t.confirm).not.toHaveBeenCalled();
    expect(t.finish).toHaveBeenCalledTimes(1);
    expect(t.quit).toHaveBeenCalledTimes(1);
  });

  it('maps dialog buttons to choices, defaulting to the safe side, in every language', () => {
    const [en, fr] = [quitDialog(LOCALES.en.shell.quitDialog), quitDialog(LOCALES.fr.shell.quitDialog)];
    expect(en.buttons[en.cancelId]).toBe('Keep recording');
    expect(fr.buttons).toEqual(['Terminer et quitter', 'Continuer l’enregistrement']);
    expect(fr.message).toBe(
      'Une consultation est en cours d’enregistrement. Terminer la consultation et quitter ?',
    );
    expect(quitChoiceFromButton(0)).toBe('end-visit-and-quit');
    expect(quitChoiceFromButton(en.cancelId)).toBe('keep-recording');
    expect(quitChoiceFromButton(7)).toBe('keep-recording');
  });
});

describe('will-quit: the services close before the process ends', () => {
  function quitting(close: () => Promise<unknown>, timeoutMs = 1000) {
    const quits = vi.fn();
    const failures: string[] = [];
    const onWillQuit = closeBeforeExit({ close, quit: quits, timeoutMs, onDidFail: (c) => failures.push(c) });
    const event = () => ({ preventDefault: vi.fn() });
    return { onWillQuit, quits, failures, event };
  }

  it('holds the first will-quit until closing is done, then quits; the second passes', async () => {
    const closing = deferred<void>();
    const { onWillQuit, quits, failures, event } = quitting(() => closing.promise);
    const first = event();
    onWillQuit(first);
    expect(first.preventDefault).toHaveBeenCalledOnce();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(quits).not.toHaveBeenCalled();
    closing.resolve();
    await vi.waitFor(() => expect(quits).toHaveBeenCalledOnce());
    const second = event();
    onWillQuit(second);
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(failures).toEqual([]);
  });

  it('quits anyway when closing fails or hangs, and says which', async () => {
    const failed = quitting(() => Promise.reject(new Error('CANARY-close')));
    failed.onWillQuit(failed.event());
    await vi.waitFor(() => expect(failed.quits).toHaveBeenCalledOnce());
    expect(failed.failures).toEqual(['close_failed']);
    const hung = quitting(() => new Promise(() => undefined), 30);
    hung.onWillQuit(hung.event());
    await vi.waitFor(() => expect(hung.quits).toHaveBeenCalledOnce());
    expect(hung.failures).toEqual(['close_timeout']);
  });
});
