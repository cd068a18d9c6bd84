/** Les mots des commandes informatiques de `scribe` (français) ; la forme est celle de l’anglais. */
import type { Widen } from '../words.ts';
import type { CLI_ADMIN_WORDS as EN } from '../en/cli-admin-words.ts';
import { formatsFor } from '../intl.ts';

const f = formatsFor('fr');
const records = (n: number) => f.plural(n, { one: 'enregistrement', other: 'enregistrements' });

export const CLI_ADMIN_WORDS: Widen<typeof EN> = {
  doctor: {
    status: { pass: 'ok', fail: 'ÉCHEC', warn: 'avert.', skipped: 'ignoré' },
    checks: {
      configuration: 'configuration',
      privateKey: 'clé privée',
      user: 'utilisateur',
      userSignIn: 'connexion de l’utilisateur',
      noteSettings: 'réglages des notes',
    },
    line: (check, detail) => `${check} : ${detail}`,
    missing: (variables) => `manquant : ${variables}`,
    configured: (origin, apiVersion, asUser) =>
      `${origin}, version d’API ${apiVersion}, ${asUser ? 'au nom d’un utilisateur' : 'appelant serveur'}`,
    keyRead: (keyId) => `clé RSA lue${keyId ? `, identifiant de clé ${keyId}` : ''}`,
    user: (id) => `utilisateur ${id}`,
    tokensMinted: 'jetons obtenus',
    noteSettings: (template, locale) =>
      `modèle ${template ?? '(par défaut de l’organisation)'}, langue ${locale ?? '(par défaut)'}`,
    failed: (check, detail) => `doctor : échec de « ${check} » : ${detail}`,
  },
  audit: {
    keptAside: (kind, file) =>
      `remarque : le trousseau qui garde la clé de la piste d’audit n’est pas disponible : ${kind} est mis à part dans ${file}, hors de la piste signée.`,
    notRecorded: (kind, code) => `remarque : la piste d’audit n’a pas pu enregistrer ${kind} (${code}).`,
    asideUnreadable: (file, rejected) =>
      `remarque : ${file} contenait une ligne qui n’est pas un enregistrement intact : ses enregistrements intacts ont été ajoutés à la piste signée, et le fichier a été mis de côté sous le nom ${rejected} pour le service informatique.`,
    mergedLater: (seq) => `(écrit sans la clé, ajouté plus tard ; mis à part sous le n° ${seq})`,
    breaks: {
      not_json: () => 'n’est pas un enregistrement JSON',
      not_record: () => 'n’est pas un enregistrement d’audit valide',
      key_unreadable: () =>
        'est signé avec la clé d’audit de l’installation, illisible ici (vérifiez avec le compte qui l’a écrit)',
      not_keyed: () =>
        'n’est pas signé avec la clé d’audit de l’installation (falsifié, ou écrit sans le trousseau)',
      changed: () => 'a été modifié après son écriture (son empreinte ne correspond pas)',
      out_of_order: (after) =>
        `ne suit pas l’enregistrement ${f.count(after)} (un enregistrement a été supprimé, inséré ou déplacé)`,
      newest_not_keyed: () =>
        'est le plus récent mais n’est pas signé avec la clé d’audit de l’installation (une piste fabriquée de toutes pièces ?)',
      not_start: () => 'n’est pas le début de la piste (des enregistrements antérieurs ont été supprimés)',
    },
    broken: (seq, file, line, reason) =>
      `audit : chaîne rompue ${seq === null ? 'à une ligne' : `à l’enregistrement n° ${seq}`} (${file}, ligne ${line}) : ${seq === null ? 'cette ligne' : 'il'} ${reason}.`,
    asideNotVerified: (count, file) => {
      const s = f.form(count, { one: '', other: 's' });
      return `audit : ${records(count)} écrit${s} sans la clé de l’installation (pas de trousseau) ${f.form(count, { one: 'est', other: 'sont' })} mis à part dans ${file}, hors de la chaîne signée : non vérifié${s}.`;
    },
    mergedUnvouched: (count) => {
      const s = f.form(count, { one: '', other: 's' });
      return `audit : remarque : ${records(count)} de la chaîne ${f.form(count, { one: 'a', other: 'ont' })} été écrit${s} sans la clé de l’installation puis ajouté${s} plus tard (« ajouté plus tard » dans \`scribe audit\`) : la clé ${f.form(count, { one: 'le', other: 'les' })} garantit depuis cet ajout, pas depuis ${f.form(count, { one: 'son', other: 'leur' })} écriture.`;
    },
    collectedUnreadable: (code) => `audit : le journal collecté ne peut pas être lu (${code}).`,
    cutShort: (seq) =>
      `audit : piste tronquée : le collecteur détient l’enregistrement n° ${seq}, que la piste de cet ordinateur n’a pas.`,
    rewritten: (seq) =>
      `audit : piste réécrite : l’enregistrement n° ${seq} de cet ordinateur diffère de celui que détient le collecteur.`,
    intact: (count, firstSeq) =>
      `audit : piste intacte (${records(count)}${firstSeq ? ` depuis le n° ${firstSeq}` : ''})`,
    intactCollected: (count, firstSeq, collected, newest) =>
      `audit : piste intacte (${records(count)}${firstSeq ? ` depuis le n° ${firstSeq}` : ''} ; conforme aux ${records(collected)} du collecteur${newest ? ` jusqu’au n° ${newest}` : ''})`,
    since: 'audit : --since doit être une date comme 2026-11-01 ou 2026-11-01T08:00Z.',
  },
  appointments: {
    dateShape: 'appointments : --date doit être au format AAAA-MM-JJ.',
    notADate: 'appointments : --date n’est pas une date.',
    needsUser: (command) => `${command} : désignez le praticien avec --user (SCRIBE_USER_EXTERNAL_ID).`,
    noPractitioner: 'appointments : aucun praticien de l’organisation n’a cet identifiant externe.',
  },
  sendInstructions: {
    needsFlags: 'send-instructions : indiquez --appointment ID et --file F (ou - pour l’entrée standard).',
    asValues: 'send-instructions : --as vaut message ou attachment.',
    empty: 'send-instructions : le fichier est vide.',
    tooLong: (chars, limit) =>
      `send-instructions : les consignes font ${f.count(chars)} caractères ; la limite est de ${f.count(limit)}.`,
    sent: (as, created, conversation) =>
      `${as === 'message' ? 'message envoyé' : 'pièce jointe envoyée'}${created ? ' (nouvelle conversation)' : ''} dans la conversation ${conversation}`,
    author: (from, attachment) => `  ${from}${attachment ? ' (pièce jointe)' : ''}`,
  },
  broker: {
    plainHttp: (listen) =>
      `ATTENTION : le courtier sert des jetons de connexion en HTTP non chiffré sur ${listen}, au-delà de cette machine : n’importe qui sur le chemin réseau peut les lire. Écoutez sur 127.0.0.1 derrière un proxy TLS, ou définissez tlsCertFile et tlsKeyFile.`,
    configuration: (problem) => `configuration du courtier : ${problem}`,
  },
};
