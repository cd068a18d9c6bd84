/** The browser preview's own words: what the window title starts with, and the banner above the app. */
export const PREVIEW_WORDS = {
  title: 'Aperçu — pas l’application du praticien',
  banner:
    'Aperçu dans le navigateur — pas l’application du praticien. Il ne fonctionne qu’en boucle locale sur cet ordinateur et ne dicte que dans sa propre zone de dictée.',
} as const;
