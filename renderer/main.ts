/** Renderer entry: mounts the app. Everything the app does goes through `window.scribe` (the preload). */
import { mount } from 'svelte';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
mount(App, { target });
