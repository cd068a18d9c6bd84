/**
 * Les mots des échecs que main/core et le courtier signalent par des codes (français) ; la forme est celle
 * de l’anglais. Les noms de clés, chemins, codes et valeurs permises restent tels quels.
 */
import type {
  AudioErrorCode,
  BrokerConfigProblem,
  ConfigLayerName,
  ConfigProblemFacts,
  ConfigProblemPlace,
  FieldFormat,
  FieldProblem,
  FieldType,
  PrivateKeyProblem,
  StreamingErrorCode,
} from '../../contract/problem-codes.ts';
import type { Widen } from '../words.ts';
import type { CLI_PROBLEM_WORDS as EN } from '../en/cli-problem-words.ts';
import { formatsFor } from '../intl.ts';
// Read at call time: this file is part of the language's words, which word these too.
import { fr as words } from './index.ts';

const f = formatsFor('fr');

const STREAM_FAILURES: Readonly<Record<StreamingErrorCode, string>> = {
  connection_lost:
    'Le service de transcription est injoignable, ou la connexion a été coupée et n’a pas pu être rétablie. Vérifiez la connexion réseau.',
  unauthorized:
    'Le service n’a pas accepté la connexion pour la transcription en continu. Vérifiez les identifiants.',
  upgrade_refused: 'Le service a refusé la connexion de transcription en continu.',
  service_error: 'Le service a interrompu le flux avec une erreur.',
  end_timeout: 'Le service n’a pas terminé la transcription à temps après la fin de l’audio.',
  ack_timeout: 'Le service a cessé de confirmer l’audio reçu.',
  disk_full: 'Le disque est plein : l’audio ne peut pas être conservé sur le disque.',
  journal_failed: 'Le journal de la session ne peut pas être écrit (droits d’accès ou problème de disque).',
  journal_corrupt: 'Le journal de la session est endommagé ou a été modifié : il ne peut pas être relu.',
  journal_missing: 'Le journal de la session n’existe plus, ou sa clé a disparu.',
  invalid_state: 'La session s’est arrêtée sur une erreur interne.',
};

const AUDIO_FAILURES: Readonly<Record<AudioErrorCode, string>> = {
  mic_denied: 'Le micro est bloqué : autorisez l’accès au micro dans les réglages du système.',
  mic_unavailable:
    'Le micro n’a pas pu être ouvert : vérifiez qu’il est branché, ou indiquez-en un autre (voir « scribe devices »).',
  device_lost: 'Le micro a cessé de fournir de l’audio.',
  file_unreadable: 'Le fichier audio n’a pas pu être ouvert.',
  file_unsupported: 'Le fichier audio n’est pas dans un format que cette version sait lire (WAV PCM).',
};

const TYPES: Readonly<Record<FieldType, string>> = {
  string: 'du texte',
  number: 'un nombre',
  boolean: 'true ou false',
  array: 'une liste',
  object: 'un objet',
};

const FORMATS: Readonly<Record<FieldFormat, string>> = {
  date: 'une date comme 2026-11-22',
  url: 'une URL',
  https_url: 'une URL https:// (http:// seulement sur 127.0.0.1 ou localhost)',
  redis_url: 'une URL redis:// ou rediss://',
  host_port: 'de la forme HÔTE:PORT',
  port: 'un port de 0 à 65535',
  claim_name: 'un nom de claim (lettres, chiffres, _ . : / -)',
  absolute_path: 'un chemin de dossier absolu',
  time_range: 'une plage horaire locale comme 02:00-05:00',
  syslog_target: 'udp://, tcp:// ou tls:// suivi d’un hôte et, au besoin, d’un port',
  proxies:
    'false, le nombre de proxys devant le courtier, ou la liste de leurs adresses (true est refusé : il ne dit pas à quels relais se fier)',
  pattern: 'de la forme attendue',
};

function fieldWhat(p: FieldProblem): string {
  const limit = p.limit ?? 0;
  switch (p.kind) {
    case 'missing':
      return 'est manquant';
    case 'wrong_type':
      return `doit être ${p.expected ? TYPES[p.expected] : 'd’un autre type'}`;
    case 'not_allowed':
      return `doit être l’une des valeurs ${(p.values ?? []).join(', ')}`;
    case 'too_small':
      return `doit être au moins ${f.count(limit)}`;
    case 'too_big':
      return `doit être au plus ${f.count(limit)}`;
    case 'too_short':
      return limit <= 1 ? 'ne doit pas être vide' : `doit compter au moins ${f.count(limit)} caractères`;
    case 'too_long':
      return `doit compter au plus ${f.plural(limit, { one: 'caractère', other: 'caractères' })}`;
    case 'too_few':
      return `doit contenir au moins ${f.plural(limit, { one: 'élément', other: 'éléments' })}`;
    case 'too_many':
      return `doit contenir au plus ${f.plural(limit, { one: 'élément', other: 'éléments' })}`;
    case 'not_whole':
      return 'doit être un nombre entier';
    case 'bad_format':
      if (p.rule) return words.baseUrlPhrase(p.rule);
      return `doit être ${p.format ? FORMATS[p.format] : FORMATS.pattern}`;
    case 'unknown_fields':
      return `contient des champs que cette version ne connaît pas : ${(p.fields ?? []).join(', ')}`;
    default:
      return p.refusal ? words.keyRefusalText(p.refusal, p.keys ?? null) : 'n’est pas valide';
  }
}

function fieldProblem(p: FieldProblem): string {
  return `${p.path === '' ? 'le fichier' : p.path} : ${fieldWhat(p)}`;
}

const LAYERS: Readonly<Record<ConfigLayerName, string>> = {
  flags: 'une option de la ligne de commande',
  env: 'l’environnement',
  policy: 'la stratégie de l’organisation',
  settings: 'les réglages de l’utilisateur',
  default: 'la valeur par défaut',
};

function source(place: ConfigProblemPlace): string {
  const origin = place.origin ? ` ${place.origin}` : '';
  switch (place.layer) {
    case 'flags':
      return `l’option${origin}`;
    case 'env':
      return `la variable d’environnement${origin}`;
    case 'policy':
      return `la stratégie de l’organisation${origin}`;
    case 'settings':
      return `les réglages de l’utilisateur${origin}`;
    default:
      return 'la valeur par défaut';
  }
}

function configWhat(facts: ConfigProblemFacts): string {
  switch (facts.kind) {
    case 'invalid_value':
      return facts.field.path === '' ? fieldWhat(facts.field) : fieldProblem(facts.field);
    case 'unknown_key':
      return 'n’est pas un réglage connu';
    case 'layer_denied': {
      const names = facts.allowed.map((layer) => LAYERS[layer]);
      const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}` : names[0];
      return `ne peut être défini que par ${list ?? 'personne'}`;
    }
    case 'env_ignored':
      return 'non appliqué : l’application installée ignore les variables SCRIBE_* sauf si la stratégie de l’organisation les autorise';
    case 'env_journal_ignored':
      return 'non appliqué : l’application installée ne prend jamais le dossier des journaux dans l’environnement';
    case 'service_url_locked':
      return 'non appliqué : la stratégie de l’organisation ne permet pas de changer l’adresse du service';
    case 'file_not_json':
      return 'n’est pas du JSON valide (corrigez ou supprimez le fichier)';
    case 'policy_not_object':
      return 'doit être un objet JSON de réglages, par exemple {"serviceUrl": "https://eu.api.example.com"}';
    case 'file_too_large':
      return 'dépasse 1 Mio';
    case 'file_unreadable':
      return `ne peut pas être lu (${facts.errno})`;
    case 'plist_unconvertible':
      return 'est une liste de propriétés binaire que plutil n’a pas pu convertir';
    case 'plist_invalid':
      return 'n’est pas une liste de propriétés valide';
    case 'plist_not_dictionary':
      return 'doit être un dictionnaire de réglages';
    case 'registry_unreadable':
      return 'ne peut pas être lu dans le registre';
    default:
      return `a un problème que cette version ne connaît pas (${(facts as { kind: string }).kind})`;
  }
}

function brokerOrigin(p: Extract<BrokerConfigProblem, { kind: 'invalid' }>): string {
  return p.from === 'file'
    ? `fichier de configuration ${p.origin}`
    : p.from === 'env'
      ? p.origin
      : `option ${p.origin}`;
}

function brokerProblem(p: BrokerConfigProblem): string {
  switch (p.kind) {
    case 'file_unreadable':
      return `le fichier de configuration ${p.file} ne peut pas être lu (${p.errno}).`;
    case 'file_not_object':
      return `le fichier de configuration ${p.file} n’est pas un objet JSON.`;
    case 'unknown_keys':
      return `clés inconnues dans le fichier de configuration : ${p.keys.join(', ')}.`;
    case 'missing':
      return `${p.key} manque : définissez ${p.env ? `${p.env} ou ` : ''}« ${p.key} » dans le fichier de configuration.`;
    case 'invalid':
      return `${p.key} (${brokerOrigin(p)}) : ${p.field.path.includes('.') ? fieldProblem(p.field) : fieldWhat(p.field)}.`;
    case 'go_together':
      return `${p.keys[0]} et ${p.keys[1]} vont ensemble : définissez les deux, ou aucun.`;
    case 'claim_reassignable':
      return `userClaim ${p.claim} peut être renommé et attribué à une autre personne : utilisez oid ou sub, ou définissez userClaimTrusted si votre fournisseur d’identité ne le réattribue jamais.`;
    case 'secret_file_unreadable':
      return `le fichier indiqué par ${p.key} ne peut pas être lu (${p.errno}).`;
    case 'store_unreachable':
      return `le stockage partagé (Redis, redisUrl) est injoignable (${p.code}).`;
    case 'listen_failed':
      return `impossible d’écouter sur ${p.listen} (${p.code}).`;
    default:
      return `un problème que cette version ne connaît pas (${(p as { kind: string }).kind}).`;
  }
}

export const CLI_PROBLEM_WORDS: Widen<typeof EN> = {
  streamFailure: (code, status, serviceCode) => {
    if (code === 'service_error' && serviceCode !== undefined) return words.streamErrorText(serviceCode);
    if (code === 'upgrade_refused' && status !== undefined)
      return `Le service a refusé la connexion de transcription en continu (HTTP ${status}).`;
    return (
      (STREAM_FAILURES as Readonly<Record<string, string>>)[code] ??
      `La session de transcription a échoué (${code}).`
    );
  },
  audioFailure: (code) =>
    (AUDIO_FAILURES as Readonly<Record<string, string>>)[code] ?? `L’entrée audio a échoué (${code}).`,
  privateKey: (p: PrivateKeyProblem) => {
    switch (p.kind) {
      case 'file_unreadable':
        return `Le fichier de clé privée ne peut pas être lu (${p.errno}).`;
      case 'not_pem':
        return 'Le fichier de clé privée n’est pas une clé privée PEM lisible.';
      case 'not_rsa':
        return `La clé privée est de type ${p.keyType} ; le service n’accepte que les clés RSA (RS256).`;
      default:
        return `Le fichier de clé privée est refusé (${(p as { kind: string }).kind}).`;
    }
  },
  fieldProblem,
  configProblem: (place, facts) =>
    place.key
      ? `${place.key} (${source(place)}) : ${configWhat(facts)}`
      : `${source(place)} : ${configWhat(facts)}`,
  /** Between two problems on one line. */
  problemSeparator: ' ; ',
  brokerProblem,
};
