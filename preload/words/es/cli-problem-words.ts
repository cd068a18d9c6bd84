/**
 * Las palabras de los fallos que main/core y el intermediario indican con códigos (español); la forma es la
 * del inglés. Los nombres de claves, rutas, códigos y valores permitidos quedan tal cual.
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
import { es as words } from './index.ts';

const f = formatsFor('es');

const STREAM_FAILURES: Readonly<Record<StreamingErrorCode, string>> = {
  connection_lost:
    'No se pudo contactar con el servicio de transcripción, o la conexión se cortó y no se pudo restablecer. Compruebe la conexión de red.',
  unauthorized:
    'El servicio no aceptó el inicio de sesión para la transcripción en directo. Compruebe las credenciales.',
  upgrade_refused: 'El servicio rechazó la conexión de transcripción en directo.',
  service_error: 'El servicio detuvo la transmisión con un error.',
  end_timeout: 'El servicio no terminó la transcripción a tiempo después del final del audio.',
  ack_timeout: 'El servicio dejó de confirmar el audio recibido.',
  disk_full: 'El disco está lleno: el audio no se puede guardar en el disco.',
  journal_failed: 'No se puede escribir el registro de la sesión (permisos o un problema del disco).',
  journal_corrupt: 'El registro de la sesión está dañado o fue modificado: no se puede volver a leer.',
  journal_missing: 'El registro de la sesión ya no existe, o su clave ha desaparecido.',
  invalid_state: 'La sesión se detuvo por un error interno.',
};

const AUDIO_FAILURES: Readonly<Record<AudioErrorCode, string>> = {
  mic_denied: 'El micrófono está bloqueado: permita el acceso al micrófono en la configuración del sistema.',
  mic_unavailable:
    'No se pudo abrir el micrófono: compruebe que está conectado, o indique otro (vea «scribe devices»).',
  device_lost: 'El micrófono dejó de entregar audio.',
  file_unreadable: 'No se pudo abrir el archivo de audio.',
  file_unsupported: 'El archivo de audio no está en un formato que esta versión sepa leer (WAV PCM).',
};

const TYPES: Readonly<Record<FieldType, string>> = {
  string: 'texto',
  number: 'un número',
  boolean: 'true o false',
  array: 'una lista',
  object: 'un objeto',
};

const FORMATS: Readonly<Record<FieldFormat, string>> = {
  date: 'una fecha como 2026-11-22',
  url: 'una URL',
  https_url: 'una URL https:// (http:// solo en 127.0.0.1 o localhost)',
  redis_url: 'una URL redis:// o rediss://',
  host_port: 'de la forma HOST:PUERTO',
  port: 'un puerto de 0 a 65535',
  claim_name: 'un nombre de claim (letras, dígitos, _ . : / -)',
  absolute_path: 'una ruta de carpeta absoluta',
  time_range: 'un intervalo de hora local como 02:00-05:00',
  syslog_target: 'udp://, tcp:// o tls:// seguido de un host y, si hace falta, un puerto',
  proxies:
    'false, el número de proxies delante del intermediario, o la lista de sus direcciones (true se rechaza: no dice en qué saltos confiar)',
  pattern: 'de la forma esperada',
};

function fieldWhat(p: FieldProblem): string {
  const limit = p.limit ?? 0;
  switch (p.kind) {
    case 'missing':
      return 'falta';
    case 'wrong_type':
      return `debe ser ${p.expected ? TYPES[p.expected] : 'de otro tipo'}`;
    case 'not_allowed':
      return `debe ser uno de ${(p.values ?? []).join(', ')}`;
    case 'too_small':
      return `debe ser como mínimo ${f.count(limit)}`;
    case 'too_big':
      return `debe ser como máximo ${f.count(limit)}`;
    case 'too_short':
      return limit <= 1 ? 'no debe estar vacío' : `debe tener al menos ${f.count(limit)} caracteres`;
    case 'too_long':
      return `debe tener como máximo ${f.plural(limit, { one: 'carácter', other: 'caracteres' })}`;
    case 'too_few':
      return `debe contener al menos ${f.plural(limit, { one: 'elemento', other: 'elementos' })}`;
    case 'too_many':
      return `debe contener como máximo ${f.plural(limit, { one: 'elemento', other: 'elementos' })}`;
    case 'not_whole':
      return 'debe ser un número entero';
    case 'bad_format':
      if (p.rule) return words.baseUrlPhrase(p.rule);
      return `debe ser ${p.format ? FORMATS[p.format] : FORMATS.pattern}`;
    case 'unknown_fields':
      return `contiene campos que esta versión no conoce: ${(p.fields ?? []).join(', ')}`;
    default:
      return p.refusal ? words.keyRefusalText(p.refusal, p.keys ?? null) : 'no es válido';
  }
}

function fieldProblem(p: FieldProblem): string {
  return `${p.path === '' ? 'el archivo' : p.path}: ${fieldWhat(p)}`;
}

const LAYERS: Readonly<Record<ConfigLayerName, string>> = {
  flags: 'una opción de la línea de comandos',
  env: 'el entorno',
  policy: 'la directiva de la organización',
  settings: 'la configuración del usuario',
  default: 'el valor predeterminado',
};

function source(place: ConfigProblemPlace): string {
  const origin = place.origin ? ` ${place.origin}` : '';
  switch (place.layer) {
    case 'flags':
      return `la opción${origin}`;
    case 'env':
      return `la variable de entorno${origin}`;
    case 'policy':
      return `la directiva de la organización${origin}`;
    case 'settings':
      return `la configuración del usuario${origin}`;
    default:
      return 'el valor predeterminado';
  }
}

function configWhat(facts: ConfigProblemFacts): string {
  switch (facts.kind) {
    case 'invalid_value':
      return facts.field.path === '' ? fieldWhat(facts.field) : fieldProblem(facts.field);
    case 'unknown_key':
      return 'no es un ajuste conocido';
    case 'layer_denied': {
      const names = facts.allowed.map((layer) => LAYERS[layer]);
      const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} o ${names.at(-1)}` : names[0];
      return `solo puede definirlo ${list ?? 'nadie'}`;
    }
    case 'env_ignored':
      return 'no aplicado: la aplicación instalada ignora las variables SCRIBE_* salvo que la directiva de la organización las permita';
    case 'env_journal_ignored':
      return 'no aplicado: la aplicación instalada nunca toma la carpeta de registros del entorno';
    case 'service_url_locked':
      return 'no aplicado: la directiva de la organización no permite cambiar la dirección del servicio';
    case 'file_not_json':
      return 'no es JSON válido (corrija o elimine el archivo)';
    case 'policy_not_object':
      return 'debe ser un objeto JSON de ajustes, por ejemplo {"serviceUrl": "https://eu.api.example.com"}';
    case 'file_too_large':
      return 'supera 1 MiB';
    case 'file_unreadable':
      return `no se puede leer (${facts.errno})`;
    case 'plist_unconvertible':
      return 'es una lista de propiedades binaria que plutil no pudo convertir';
    case 'plist_invalid':
      return 'no es una lista de propiedades válida';
    case 'plist_not_dictionary':
      return 'debe ser un diccionario de ajustes';
    case 'registry_unreadable':
      return 'no se puede leer del registro';
    default:
      return `tiene un problema que esta versión no conoce (${(facts as { kind: string }).kind})`;
  }
}

function brokerOrigin(p: Extract<BrokerConfigProblem, { kind: 'invalid' }>): string {
  return p.from === 'file'
    ? `archivo de configuración ${p.origin}`
    : p.from === 'env'
      ? p.origin
      : `opción ${p.origin}`;
}

function brokerProblem(p: BrokerConfigProblem): string {
  switch (p.kind) {
    case 'file_unreadable':
      return `no se puede leer el archivo de configuración ${p.file} (${p.errno}).`;
    case 'file_not_object':
      return `el archivo de configuración ${p.file} no es un objeto JSON.`;
    case 'unknown_keys':
      return `claves desconocidas en el archivo de configuración: ${p.keys.join(', ')}.`;
    case 'missing':
      return `falta ${p.key}: defina ${p.env ? `${p.env} o ` : ''}«${p.key}» en el archivo de configuración.`;
    case 'invalid':
      return `${p.key} (${brokerOrigin(p)}): ${p.field.path.includes('.') ? fieldProblem(p.field) : fieldWhat(p.field)}.`;
    case 'go_together':
      return `${p.keys[0]} y ${p.keys[1]} van juntos: defina ambos, o ninguno.`;
    case 'claim_reassignable':
      return `userClaim ${p.claim} puede cambiar de nombre y pasar a otra persona: use oid o sub, o defina userClaimTrusted si su proveedor de identidad nunca lo reasigna.`;
    case 'secret_file_unreadable':
      return `no se puede leer el archivo que indica ${p.key} (${p.errno}).`;
    case 'store_unreachable':
      return `no se puede contactar con el almacén compartido (Redis, redisUrl) (${p.code}).`;
    case 'listen_failed':
      return `no se puede escuchar en ${p.listen} (${p.code}).`;
    default:
      return `un problema que esta versión no conoce (${(p as { kind: string }).kind}).`;
  }
}

export const CLI_PROBLEM_WORDS: Widen<typeof EN> = {
  streamFailure: (code, status, serviceCode) => {
    if (code === 'service_error' && serviceCode !== undefined) return words.streamErrorText(serviceCode);
    if (code === 'upgrade_refused' && status !== undefined)
      return `El servicio rechazó la conexión de transcripción en directo (HTTP ${status}).`;
    return (
      (STREAM_FAILURES as Readonly<Record<string, string>>)[code] ??
      `La sesión de transcripción falló (${code}).`
    );
  },
  audioFailure: (code) =>
    (AUDIO_FAILURES as Readonly<Record<string, string>>)[code] ?? `La entrada de audio falló (${code}).`,
  privateKey: (p: PrivateKeyProblem) => {
    switch (p.kind) {
      case 'file_unreadable':
        return `No se puede leer el archivo de clave privada (${p.errno}).`;
      case 'not_pem':
        return 'El archivo de clave privada no es una clave privada PEM legible.';
      case 'not_rsa':
        return `La clave privada es de tipo ${p.keyType}; el servicio solo acepta claves RSA (RS256).`;
      default:
        return `Se rechaza el archivo de clave privada (${(p as { kind: string }).kind}).`;
    }
  },
  fieldProblem,
  configProblem: (place, facts) =>
    place.key
      ? `${place.key} (${source(place)}): ${configWhat(facts)}`
      : `${source(place)}: ${configWhat(facts)}`,
  /** Between two problems on one line. */
  problemSeparator: '; ',
  brokerProblem,
};
