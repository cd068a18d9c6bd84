/** The browser preview's own words: what the window title starts with, and the banner above the app. */
export const PREVIEW_WORDS = {
  title: "Preview — not the clinician's app",
  banner:
    "Browser preview — not the clinician's app. It runs over loopback on this computer only, and dictates into its own box only.",
} as const;
