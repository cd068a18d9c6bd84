/** The browser preview's own words: what the window title starts with, and the banner above the app. */
export const PREVIEW_WORDS = {
  title: 'Vista previa — no es la aplicación del profesional',
  banner:
    'Vista previa en el navegador — no es la aplicación del profesional. Solo funciona en bucle local en este equipo y solo dicta en su propio cuadro de dictado.',
} as const;
