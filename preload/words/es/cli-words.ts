/** The `scribe` command's own words (Spanish); the shape is English's. */
import type { Widen } from '../words.ts';
import type { CLI_WORDS as EN } from '../en/cli-words.ts';
import { CLI_ADMIN_WORDS } from './cli-admin-words.ts';
import { CLI_SESSION_WORDS } from './cli-session-words.ts';
import { CLI_PROBLEM_WORDS } from './cli-problem-words.ts';

export const CLI_WORDS: Widen<typeof EN> = {
  usage: 'uso: scribe <comando> [opciones]',
  usageOf: (synopsis) => `uso: scribe ${synopsis}`,
  commands: {
    doctor: 'comprueba la configuración, las credenciales y el servicio (--mic: también los micrófonos)',
    note: 'redacta una nota clínica a partir de un archivo de transcripción',
    transcribe: 'transcribe un archivo de audio o el micrófono',
    dictate: 'dicta desde un archivo de audio o el micrófono, en la aplicación activa con --insert',
    devices: 'lista los micrófonos (* marca el predeterminado)',
    recover: 'termina una sesión que un fallo interrumpió, desde su diario',
    audit: 'el registro de auditoría (verify: comprueba su cadena y lo compara con lo que TI recopiló)',
    broker: 'ejecuta el intermediario de tokens (env: SCRIBE_BROKER_ISSUER, _AUDIENCE, _USER_CLAIM)',
    appointments: 'las citas del día de un profesional (--user)',
    'send-instructions': 'enviar al paciente de la cita las instrucciones revisadas (--user)',
  },
  connection: 'conexión (las opciones prevalecen sobre el entorno):',
  moreHelp: 'Ejecute «scribe help» para ver la lista de comandos.',
  noCommand: 'No se indicó ningún comando.',
  unknownCommand: (name) => `Comando desconocido «${name}».`,
  unknownOption: (option) => `Opción desconocida ${option}.`,
  needsValue: (option) => `${option} necesita un valor.`,
  takesNoValue: (option) => `${option} no admite valor.`,
  unexpectedArgument: (argument) => `Argumento inesperado ${argument}: este comando no admite ninguno.`,
  takesNoArguments: (command) => `${command} no admite argumentos.`,
  oneOf: (flag, values) => `${flag} debe ser uno de ${values}.`,
  required: (command, flag) => `${command}: ${flag} es obligatorio.`,
  missingConfiguration: (variables) => `Falta configuración: defina ${variables}.`,
  configuration: (problems) => `Configuración: ${problems}`,
  nothingSent: 'No se envió nada.',
  reasonGiven: (reason) => `Motivo indicado: ${reason}`,
  unexpected: (name) => `Fallo inesperado (${name}). Ejecute con SCRIBE_DEBUG=1 para ver los detalles.`,
  audioKept: 'El audio se conserva: ejecute «scribe recover».',
  commandsNotReplayed: (commands) =>
    `Comandos de voz no repetidos en un dictado recuperado (actúan sobre otra aplicación): ${commands}.`,
  diskFull:
    'aviso: el disco está lleno: el audio se guarda en memoria hasta que el servicio lo transcriba, no en el disco (un fallo lo perdería).',
  notJournaled: (code) => `nota: esta sesión no tiene diario (${code}); un fallo perdería su audio.`,
  noMicrophone: 'No se encontró ningún micrófono.',
  ...CLI_ADMIN_WORDS,
  ...CLI_SESSION_WORDS,
  ...CLI_PROBLEM_WORDS,
};
