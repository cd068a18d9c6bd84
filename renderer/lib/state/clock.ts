/** Times as the screens show them (plain logic, unit-tested under Node). */

/** Elapsed time as m:ss (minutes run past 59: a visit's or a dictation's length, not a time of day). */
export function elapsedClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** A transcript line's start as m:ss, or h:mm:ss from the first hour on. */
export function lineClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
