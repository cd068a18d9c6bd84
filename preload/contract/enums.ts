/**
 * Closed value lists the renderer needs at run time. Kept free of zod so the renderer bundle never ships
 * zod: zod 4 probes `new Function` for its JIT, which the app's CSP (`script-src 'self'`) reports as a
 * violation, and the renderer never parses anything itself (the preload and main do).
 */
export const SPEAKERS = ['UNSPECIFIED', 'DOCTOR', 'PATIENT'] as const;
export const SECTION_STYLES = ['AUTO', 'PARAGRAPH', 'BULLET_POINTS'] as const;
export const VISIT_PHASES = ['idle', 'starting', 'recording', 'paused', 'ending', 'ended', 'failed'] as const;
