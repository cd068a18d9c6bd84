/**
 * Whose journal it is: on an OS account several clinicians share, a visit one of them left unfinished is
 * offered to that clinician only (issue 32). A hash of the ids the sign-in knows (service user, provider
 * subject), so the clear-text sidecar names nobody. Undefined when the connection knows no clinician
 * (server credentials, a clinician token, the sample): such journals are offered to whoever is signed in.
 */
import { createHash } from 'node:crypto';

/** The owner stamp of a clinician's journals, or undefined when no clinician is known. */
export function journalOwner(identity: { userId?: string; sub?: string } | null): string | undefined {
  if (!identity?.userId && !identity?.sub) return undefined;
  const ids = JSON.stringify([identity.userId ?? null, identity.sub ?? null]);
  return createHash('sha256').update(`scribe-journal-owner\n${ids}`).digest('hex').slice(0, 32);
}

/** Whether a journal is offered to the clinician `owner` names: unowned ones to all, the rest to theirs only. */
export function mayOpen(
  owner: (() => string | undefined) | undefined,
): (meta: { owner?: string }) => boolean {
  return (meta) => !owner || meta.owner === undefined || meta.owner === owner();
}

/** The owner field of a new journal's sidecar and config: none when no clinician is known. */
export function ownerStamp(owner: (() => string | undefined) | undefined): { owner?: string } {
  const stamp = owner?.();
  return stamp ? { owner: stamp } : {};
}
