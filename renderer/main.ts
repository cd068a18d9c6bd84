/** Renderer entry: mounts the app. Everything the app does goes through `window.scribe` (the preload). */
import { mount } from 'svelte';
import App from './App.svelte';
import OverlayView from './views/OverlayView.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
// The dictation overlay is the same page in its own small window (main/shells/electron/overlay-window.ts).
if (new URLSearchParams(location.search).get('view') === 'overlay') {
  document.body.classList.add('overlay-window');
  mount(OverlayView, { target });
} else {
  mount(App, { target });
}
