/** Las palabras de los comandos de informática de `scribe` (español); la forma es la del inglés. */
import type { Widen } from '../words.ts';
import type { CLI_ADMIN_WORDS as EN } from '../en/cli-admin-words.ts';
import { formatsFor } from '../intl.ts';

const f = formatsFor('es');
const records = (n: number) => f.plural(n, { one: 'registro', other: 'registros' });

export const CLI_ADMIN_WORDS: Widen<typeof EN> = {
  doctor: {
    status: { pass: 'ok', fail: 'FALLO', warn: 'aviso', skipped: 'omitido' },
    checks: {
      configuration: 'configuración',
      privateKey: 'clave privada',
      user: 'usuario',
      userSignIn: 'inicio de sesión del usuario',
      noteSettings: 'ajustes de notas',
    },
    line: (check, detail) => `${check}: ${detail}`,
    missing: (variables) => `falta ${variables}`,
    configured: (origin, apiVersion, asUser) =>
      `${origin}, versión de API ${apiVersion}, ${asUser ? 'en nombre de un usuario' : 'llamante de servidor'}`,
    keyRead: (keyId) => `clave RSA leída${keyId ? `, id de clave ${keyId}` : ''}`,
    user: (id) => `usuario ${id}`,
    tokensMinted: 'tokens obtenidos',
    noteSettings: (template, locale) =>
      `plantilla ${template ?? '(la predeterminada de la organización)'}, idioma ${locale ?? '(predeterminado)'}`,
    failed: (check, detail) => `doctor: falló «${check}»: ${detail}`,
  },
  audit: {
    keptAside: (kind, file) =>
      `nota: el llavero que guarda la clave del registro de auditoría no está disponible: ${kind} se guarda aparte en ${file}, fuera del registro firmado.`,
    notRecorded: (kind, code) => `nota: el registro de auditoría no pudo anotar ${kind} (${code}).`,
    asideUnreadable: (file, rejected) =>
      `nota: ${file} contenía una línea que no es un registro íntegro: sus registros íntegros se añadieron al registro firmado y el archivo se apartó como ${rejected} para que lo revise el servicio de informática.`,
    mergedLater: (seq) => `(escrito sin la clave, añadido después; guardado aparte como n.º ${seq})`,
    breaks: {
      not_json: () => 'no es un registro JSON',
      not_record: () => 'no es un registro de auditoría válido',
      key_unreadable: () =>
        'está firmado con la clave de auditoría de la instalación, que aquí no se puede leer (verifique con la cuenta que lo escribió)',
      not_keyed: () =>
        'no está firmado con la clave de auditoría de la instalación (falsificado, o escrito sin el llavero)',
      changed: () => 'se modificó después de escribirse (su hash no coincide)',
      out_of_order: (after) =>
        `no sigue al registro ${f.count(after)} (se eliminó, insertó o movió un registro)`,
      newest_not_keyed: () =>
        'es el más reciente pero no está firmado con la clave de auditoría de la instalación (¿un registro falsificado desde cero?)',
      not_start: () => 'no es el inicio del registro (se eliminaron registros anteriores)',
    },
    broken: (seq, file, line, reason) =>
      `audit: cadena rota ${seq === null ? 'en una línea' : `en el registro n.º ${seq}`} (${file}, línea ${line}): ${seq === null ? 'esa línea' : 'el registro'} ${reason}.`,
    asideNotVerified: (count, file) =>
      `audit: ${records(count)} ${f.form(count, { one: 'escrito', other: 'escritos' })} sin la clave de la instalación (sin llavero) se ${f.form(count, { one: 'guarda', other: 'guardan' })} aparte en ${file}, fuera de la cadena firmada: sin verificar.`,
    mergedUnvouched: (count) =>
      `audit: nota: ${records(count)} de la cadena se ${f.form(count, { one: 'escribió', other: 'escribieron' })} sin la clave de la instalación y se ${f.form(count, { one: 'añadió', other: 'añadieron' })} después («añadido después» en \`scribe audit\`): la clave ${f.form(count, { one: 'lo', other: 'los' })} respalda desde que se ${f.form(count, { one: 'añadió', other: 'añadieron' })}, no desde que se ${f.form(count, { one: 'escribió', other: 'escribieron' })}.`,
    collectedUnreadable: (code) => `audit: no se puede leer el registro recopilado (${code}).`,
    cutShort: (seq) =>
      `audit: registro recortado: el recopilador tiene el registro n.º ${seq}, que este equipo no tiene.`,
    rewritten: (seq) =>
      `audit: registro reescrito: el registro n.º ${seq} de este equipo difiere del que tiene el recopilador.`,
    intact: (count, firstSeq) =>
      `audit: íntegro (${records(count)}${firstSeq ? ` desde el n.º ${firstSeq}` : ''})`,
    intactCollected: (count, firstSeq, collected, newest) =>
      `audit: íntegro (${records(count)}${firstSeq ? ` desde el n.º ${firstSeq}` : ''}; coincide con los ${records(collected)} del recopilador${newest ? ` hasta el n.º ${newest}` : ''})`,
    since: 'audit: --since debe ser una fecha como 2026-11-01 o 2026-11-01T08:00Z.',
  },
  appointments: {
    dateShape: 'appointments: --date debe tener el formato AAAA-MM-DD.',
    notADate: 'appointments: --date no es una fecha.',
    needsUser: (command) => `${command}: indique el profesional con --user (SCRIBE_USER_EXTERNAL_ID).`,
    noPractitioner: 'appointments: ningún profesional de la organización tiene este id externo.',
  },
  sendInstructions: {
    needsFlags: 'send-instructions: indique --appointment ID y --file F (o - para la entrada estándar).',
    asValues: 'send-instructions: --as es message o attachment.',
    empty: 'send-instructions: el archivo está vacío.',
    tooLong: (chars, limit) =>
      `send-instructions: las instrucciones tienen ${f.count(chars)} caracteres; el límite es ${f.count(limit)}.`,
    sent: (as, created, conversation) =>
      `${as === 'message' ? 'mensaje enviado' : 'adjunto enviado'}${created ? ' (conversación nueva)' : ''} a la conversación ${conversation}`,
    author: (from, attachment) => `  ${from}${attachment ? ' (adjunto)' : ''}`,
  },
  broker: {
    plainHttp: (listen) =>
      `ATENCIÓN: el intermediario sirve tokens de inicio de sesión por HTTP sin cifrar en ${listen}, más allá de este equipo: cualquiera en la ruta de red puede leerlos. Escuche en 127.0.0.1 detrás de un proxy TLS, o defina tlsCertFile y tlsKeyFile.`,
    configuration: (problem) => `configuración del intermediario: ${problem}`,
  },
};
