/**
 * Renderer entry: loads the window's language (only that one: each is its own chunk), then mounts the app.
 * Everything the app does goes through `window.scribe` (the preload).
 */
import { mount } from 'svelte';
import App from './App.svelte';
import { LocaleState } from './lib/state/locale.svelte.ts';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
// The dictation overlay is the same page in its own small window (main/shells/electron/overlay-window.ts).
// Both speak the window's language ("what can I say" on the overlay lists the commands in it).
const locale = new LocaleState();
await locale.load();
if (new URLSearchParams(location.search).get('view') === 'overlay') {
  document.body.classList.add('overlay-window');
  // Its own chunk: the main window never loads it.
  mount((await import('./views/OverlayView.svelte')).default, { target });
} else {
  mount(App, { target, props: { locale } });
}
