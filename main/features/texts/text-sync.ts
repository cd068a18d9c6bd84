/**
 * The clinician's Texts kept in the service, as their dot phrases (a Text's name is the phrase's trigger,
 * spaces written `_`), so they follow the clinician to another computer; the organization's Texts (IT's file)
 * kept there too, under the `org:` trigger prefix, in the batches of 100 the bulk endpoints take.
 *
 * The file in the data folder stays the working copy (a dictation never waits on the network, and Texts work
 * offline). A sync compares three things per name: this computer's Texts, the service's phrases, and what
 * the service held after the last sync here (the base, `texts-service.json`, one per account):
 * - changed on one side only: the change goes to the other (a new Text, an edit, a deletion, a rename);
 * - changed on both (edited on two computers between syncs): this computer's version wins;
 * - no base (a first sync): nothing is deleted anywhere; a name on one side only comes to the other, and a
 *   name on both with different content keeps this computer's (the service's phrase is updated);
 * - at most TEXTS_MAX Texts here: the service's beyond them stay there, untaken.
 * The organization's are IT's file's only: the service's `org:` phrases are made to match it (created,
 * updated, deleted); a file that cannot be read, or a computer without the policy, changes none of them (IT
 * empties the file to take them away). A phrase that cannot be a Text (its
 * name or content too long, or empty) is left alone in the service and never comes here.
 */
import { z } from 'zod';
import { TEXT_CONTENT_MAX, TEXT_NAME_MAX, TEXTS_MAX, sameName, textKey, type Text } from './text-library.ts';

/** A dot phrase, as the service keeps it. */
export interface Phrase {
  readonly id: string;
  readonly trigger: string;
  readonly content: string;
}

/** The trigger prefix of the organization's Texts in a clinician's dot phrases. */
const ORGANIZATION_PREFIX = 'org:';

/** What the service held after the last sync here, for which account (a base is never another's). */
export const SyncBaseSchema = z.object({
  version: z.literal(1),
  account: z.string(),
  phrases: z.array(z.object({ id: z.string(), trigger: z.string(), content: z.string() })),
});
/** The base file's contents. */
export type SyncBase = z.infer<typeof SyncBaseSchema>;

/** A Text's trigger: its name, spaces written `_` (a trigger has none). */
export function triggerOf(name: string): string {
  return name.trim().replace(/\s+/g, '_');
}

/** The name a trigger is said as: `_` read as spaces, a leading `.` (an EHR's dot phrase) left out. */
export function nameOf(trigger: string): string {
  return trigger.replace(/^\.+/, '').replace(/_+/g, ' ').trim();
}

/** What a sync does: the service's changes, and the clinician's Texts after it. */
export interface SyncPlan {
  readonly create: Omit<Phrase, 'id'>[];
  readonly update: Phrase[];
  readonly remove: string[];
  /** The clinician's Texts once the plan is carried out (this computer's order, new ones after). */
  readonly texts: Text[];
}

/** The clinician's phrases that can be Texts, one per name (the first), keyed as names are compared. */
function userPhrases(phrases: readonly Phrase[]): Map<string, Phrase> {
  const byKey = new Map<string, Phrase>();
  for (const phrase of phrases) {
    if (phrase.trigger.startsWith(ORGANIZATION_PREFIX)) continue;
    const name = nameOf(phrase.trigger);
    const fits = name !== '' && name.length <= TEXT_NAME_MAX;
    if (!fits || phrase.content.trim() === '' || phrase.content.length > TEXT_CONTENT_MAX) continue;
    if (!byKey.has(textKey(name))) byKey.set(textKey(name), phrase);
  }
  return byKey;
}

/** Whether a Text and a phrase say the same (the same name as said and written, the same content). */
function same(text: Text, phrase: Phrase): boolean {
  const named = phrase.trigger === triggerOf(text.name) || nameOf(phrase.trigger) === text.name;
  return named && phrase.content === text.content;
}

/** Whether a phrase is unchanged since the base. */
function unchanged(phrase: Phrase, base: Phrase | undefined): boolean {
  return base !== undefined && base.trigger === phrase.trigger && base.content === phrase.content;
}

/** The text a phrase is. */
function textOf(phrase: Phrase): Text {
  return { name: nameOf(phrase.trigger), content: phrase.content };
}

/**
 * The three-way plan for the clinician's Texts (`base` null: no sync yet for this account) and the
 * organization's (`organization` null: its file could not be read, so its phrases are left as they are).
 */
export function planSync(
  local: readonly Text[],
  service: readonly Phrase[],
  base: readonly Phrase[] | null,
  organization: readonly Text[] | null,
): SyncPlan {
  const plan = { create: [], update: [], remove: [], texts: [] } as {
    -readonly [K in keyof SyncPlan]: SyncPlan[K];
  };
  const theirs = userPhrases(service);
  const before = userPhrases(base ?? []);
  for (const text of local) planLocal(plan, text, theirs, before);
  const mine = new Set(local.map((t) => textKey(t.name)));
  for (const [key, phrase] of theirs) {
    if (mine.has(key)) continue;
    if (unchanged(phrase, before.get(key)))
      plan.remove.push(phrase.id); // deleted here
    else if (plan.texts.length < TEXTS_MAX) plan.texts.push(textOf(phrase)); // new there, or changed there
  }
  if (organization) planOrganization(plan, service, organization);
  return plan;
}

/** One of this computer's Texts against the service's phrase of its name and the base's. */
function planLocal(
  plan: SyncPlan,
  text: Text,
  theirs: Map<string, Phrase>,
  before: Map<string, Phrase>,
): void {
  const key = textKey(text.name);
  const phrase = theirs.get(key);
  const was = before.get(key);
  const wanted = { trigger: triggerOf(text.name), content: text.content };
  if (!phrase) {
    // Deleted elsewhere when this computer had not changed it since; else new here (or edited here).
    if (was && same(text, was)) return;
    plan.texts.push(text);
    plan.create.push(wanted);
    return;
  }
  if (same(text, phrase)) return void plan.texts.push(text);
  const changedHere = !(was && same(text, was));
  if (!changedHere && !unchanged(phrase, was)) return void plan.texts.push(textOf(phrase));
  // The same name (".ros" is said "ros"): its trigger stays as the clinician or their EHR wrote it.
  const trigger = nameOf(phrase.trigger) === text.name ? phrase.trigger : wanted.trigger;
  plan.update.push({ id: phrase.id, trigger, content: text.content });
  plan.texts.push(text);
}

/** The service's `org:` phrases made to match IT's file. */
function planOrganization(plan: SyncPlan, service: readonly Phrase[], organization: readonly Text[]): void {
  const held = service.filter((p) => p.trigger.startsWith(ORGANIZATION_PREFIX));
  const used = new Set<string>();
  for (const text of organization) {
    const trigger = ORGANIZATION_PREFIX + triggerOf(text.name);
    const phrase = held.find(
      (p) => !used.has(p.id) && sameName(nameOf(p.trigger.slice(ORGANIZATION_PREFIX.length)), text.name),
    );
    if (!phrase) {
      plan.create.push({ trigger, content: text.content });
      continue;
    }
    used.add(phrase.id);
    if (phrase.trigger !== trigger || phrase.content !== text.content)
      plan.update.push({ id: phrase.id, trigger, content: text.content });
  }
  for (const phrase of held) if (!used.has(phrase.id)) plan.remove.push(phrase.id);
}

/** The base to keep after a sync: the clinician's phrases the service now holds that are Texts here. */
export function baseAfter(account: string, service: readonly Phrase[], texts: readonly Text[]): SyncBase {
  const names = new Set(texts.map((t) => textKey(t.name)));
  const phrases = [...userPhrases(service).entries()]
    .filter(([key]) => names.has(key))
    .map(([, { id, trigger, content }]) => ({ id, trigger, content }));
  return { version: 1, account, phrases };
}
