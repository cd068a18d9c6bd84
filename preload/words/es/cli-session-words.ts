/** Las palabras de los comandos clínicos de `scribe` (español); la forma es la del inglés. */
import type { Widen } from '../words.ts';
import type { CLI_SESSION_WORDS as EN } from '../en/cli-session-words.ts';
import { formatsFor } from '../intl.ts';

const f = formatsFor('es');

export const CLI_SESSION_WORDS: Widen<typeof EN> = {
  inputFiles: {
    transcript: 'archivo de transcripción',
    context: 'archivo de contexto',
    instructions: 'archivo de instrucciones',
    patient: 'archivo de --patient',
    diagnoses: 'archivo de --diagnoses',
    'source-note': 'archivo de --source-note',
  },
  input: {
    unreadable: (file, code) => `No se puede leer el ${file} (${code}).`,
    tooLarge: (file, mib) => `El ${file} supera los ${f.count(mib)} MiB.`,
    stdinIsTerminal: '«-» lee la entrada estándar, que aquí es un terminal: envíe el texto por una tubería.',
    oneStdin: 'Solo una de las opciones de archivo puede leer la entrada estándar.',
    lineNotJson: (line) =>
      `La línea ${f.count(line)} de la transcripción empieza como JSON pero no es JSON válido.`,
    lineInvalid: (line, field, code) => `Línea ${f.count(line)} de la transcripción: ${field} es ${code}.`,
    notJson: (flag) => `${flag}: el archivo no es JSON válido. No se envió nada.`,
    invalid: (flag, issues) => `${flag}: ${issues}. No se envió nada.`,
    encounterDate: '--encounter-date debe ser una fecha como 2026-11-22. No se envió nada.',
    specialtyEmpty: '--specialty está vacío. No se envió nada.',
  },
  note: {
    templateWithUser:
      '--template no se puede usar con SCRIBE_USER_EXTERNAL_ID (--user): las notas de un usuario siguen la plantilla de sus ajustes de notas en el servicio. Quite --template, o el usuario, para elegir una. No se envió nada.',
    specialtyWithUser:
      '--specialty no se puede usar con SCRIBE_USER_EXTERNAL_ID (--user): la especialidad de un usuario se define en su cuenta del servicio. No se envió nada.',
    noTranscriptText: 'El archivo de transcripción no contiene texto de transcripción. No se envió nada.',
    unsupportedSection: (title, key) =>
      `aviso: la sección «${title}» (${key}) tiene un formato que esta versión no puede mostrar; el texto marca dónde está. Use --json para obtenerla tal como se envió.`,
  },
  audio: {
    oneSource: (command) => `${command}: indique un solo archivo de audio o --mic [device].`,
    noSource: (command) => `${command}: indique un archivo de audio o --mic [device].`,
    unreadable: (code) => `No se puede leer el archivo de audio (${code}).`,
    notWav: 'El archivo de audio no es un archivo WAV PCM.',
    micReplaced: (reason, device) => `nota: micrófono no disponible (${reason}); se usa «${device}».`,
    noSound:
      'aviso: no llega sonido de la entrada de audio desde hace 10 segundos; compruebe que el micrófono no esté silenciado ni desconectado.',
    notSpeechLocale: (value) =>
      `«${value}» no es un idioma de reconocimiento de voz (p. ej., ENGLISH_US, SPANISH_MX).`,
    codes: (code, serviceCode) =>
      `(${code}${serviceCode === undefined ? '' : `, código del servicio ${serviceCode}`})`,
  },
  dictate: {
    commandDoesNothing: (kind) => `El comando de voz «${kind}» no hace nada en scribe dictate.`,
    needsX11:
      '--insert necesita una pantalla X11 (DISPLAY) en Linux, o Windows; en macOS, dicte en otras aplicaciones desde la app.',
    noDisplay: '--insert: no se puede abrir la pantalla X.',
    wayland: 'Sesión Wayland: solo las ventanas X11 (XWayland) pueden recibir el dictado.',
    noRecord:
      'El servidor X no tiene la extensión RECORD: no se puede ver lo que se teclea, así que las correcciones van solo a la salida estándar.',
    alsoOnStdout: (why) => `${why} El texto también está en la salida estándar.`,
    unchecked:
      'Ese campo no se puede releer: no se pudo comprobar que el texto llegó. El texto también está en la salida estándar.',
    correctionsNotApplied: (count) =>
      `${f.plural(count, { one: 'corrección no se aplicó', other: 'correcciones no se aplicaron' })} en el campo (la persona tecleó o el foco cambió): el texto corregido está en la salida estándar.`,
  },
  recover: {
    noSuchSession: (id) => `recover: no hay ninguna sesión sin terminar ${id} (vea «scribe recover --list»).`,
    noSession: 'recover: no hay ninguna sesión sin terminar.',
    several: (count) =>
      `recover: ${f.plural(count, { one: 'sesión sin terminar', other: 'sesiones sin terminar' })}; indique un ID (vea «scribe recover --list»).`,
    inUse: (id) => `recover: otro proceso sigue grabando la sesión ${id}.`,
    tailCut: (id) =>
      `aviso: el final del diario de la sesión ${id} quedó cortado (un fallo o un corte de luz a mitad de escritura); se recupera todo lo anterior.`,
    atMostOne: 'recover: indique como máximo un ID de sesión.',
    listTakesNoId: 'recover: --list no admite un ID.',
    stale: 'antigua',
    inUseMark: 'en-uso',
  },
};
