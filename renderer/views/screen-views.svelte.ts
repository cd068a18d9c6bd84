/**
 * The screens the window opens later (Note, Codes, Dictation, Texts, Settings): each is a chunk of its own,
 * loaded the first time it is opened, so the first screen (Connect or Visit) ships less JavaScript
 * (.ci/renderer-size.ts keeps the budget). App's `go` awaits a screen's chunk before it shows the screen,
 * so focus still lands on the new screen's heading.
 */
import type { ScreenId } from '../lib/state/app.svelte.ts';

const LOADERS = {
  note: () => import('./NoteView.svelte'),
  codes: () => import('./CodesView.svelte'),
  dictation: () => import('./DictationView.svelte'),
  texts: () => import('./TextsView.svelte'),
  settings: () => import('./SettingsView.svelte'),
} as const satisfies Partial<Record<ScreenId, () => Promise<unknown>>>;

type LaterScreen = keyof typeof LOADERS;
/** The later screens' views loaded so far. */
type Loaded = { readonly [S in LaterScreen]?: Awaited<ReturnType<(typeof LOADERS)[S]>>['default'] };

const isLater = (screen: ScreenId): screen is LaterScreen => Object.hasOwn(LOADERS, screen);

/** The later screens' views, each loaded when first asked for. */
export class ScreenViews {
  #loaded = $state.raw<Loaded>({});

  /** The views loaded so far, by screen. */
  get loaded(): Loaded {
    return this.#loaded;
  }

  /** Loads `screen`'s view when it is a later screen not loaded yet (the first screens are in the entry). */
  async load(screen: ScreenId): Promise<void> {
    if (!isLater(screen) || this.#loaded[screen]) return;
    const view = (await LOADERS[screen]()).default;
    this.#loaded = { ...this.#loaded, [screen]: view };
  }
}
