/**
 * Renderer entry: loads the window's language (only that one: each is its own chunk), then mounts the app.
 * Everything the app does goes through `window.scribe` (the preload).
 */
import { mount } from 'svelte';
import App from './App.svelte';
import OverlayView from './views/OverlayView.svelte';
import { LocaleState } from './lib/state/locale.svelte.ts';
import { useLocale } from '../preload/words/window.ts';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
// The dictation overlay is the same page in its own small window (main/shells/electron/overlay-window.ts).
if (new URLSearchParams(location.search).get('view') === 'overlay') {
  document.body.classList.add('overlay-window');
  // The overlay speaks English, as it always has.
  await useLocale('en');
  mount(OverlayView, { target });
} else {
  const locale = new LocaleState();
  await locale.load();
  mount(App, { target, props: { locale } });
}
