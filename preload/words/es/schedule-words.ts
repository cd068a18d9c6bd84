/** La jornada del clínico (español): citas de hoy, envío de instrucciones, órdenes como tareas. */
import type { ScheduleWords } from '../words.ts';

export const SCHEDULE_WORDS: ScheduleWords = {
  heading: 'Citas de hoy',
  refresh: 'Actualizar',
  empty: 'No hay citas hoy.',
  hidden: {
    not_connected: 'Conéctese para ver las citas de hoy.',
    no_broker:
      'Las citas de hoy requieren el inicio de sesión de la organización a través de su intermediario; este inicio de sesión no lo tiene.',
    no_clinician:
      'Con credenciales de servidor, indique el clínico (identificador externo) para ver sus citas.',
  },
  columns: { time: 'Hora', patient: 'Paciente', mode: 'Modalidad', status: 'Estado' },
  statuses: {
    PENDING: 'Pendiente',
    SCHEDULED: 'Programada',
    CANCELLED: 'Cancelada',
    FINALIZED: 'Finalizada',
    NO_SHOW: 'No se presentó',
  },
  modes: {
    IN_PERSON: 'Presencial',
    VIDEOCALL: 'Videollamada',
    SERVICE_VIDEOCALL: 'Videollamada',
    EXTERNAL_VIDEOCALL: 'Videollamada (externa)',
  },
  startFrom: 'Iniciar la visita',
  startLabel: (name, time) => `Iniciar la visita con ${name} (${time})`,
  thisVisit: 'Esta visita',
  linkedTo: (name) => `Esta visita es con ${name}.`,
  sendHeading: 'Enviar al paciente',
  notLinked: 'Inicie la visita desde las citas de hoy para enviar estas instrucciones al paciente.',
  asMessage: 'Como mensaje',
  asAttachment: 'Como archivo de texto adjunto a un mensaje',
  send: 'Enviar al paciente…',
  confirmTitle: '¿Enviar estas instrucciones?',
  confirmTo: (name) => `A ${name}, en la conversación del paciente con la consulta.`,
  confirmSend: 'Enviar',
  cancel: 'Cancelar',
  sent: 'Enviado.',
  conversationCreated: 'Se abrió una nueva conversación con el paciente.',
  latest: 'Mensajes más recientes de la conversación',
  from: { system: 'Respuesta automática', provider: 'Usted', patient: 'Paciente', other: 'Otro' },
  attachmentSent: 'Archivo de texto adjunto',
  tasksHeading: 'Órdenes como tareas',
  createTasks: (count) => (count === 1 ? 'Crear 1 tarea' : `Crear ${count} tareas`),
  tasksCreated: (count) => (count === 1 ? '1 tarea creada.' : `${count} tareas creadas.`),
  finalize: 'Marcar la cita como finalizada',
  finalized: 'La cita está marcada como finalizada.',
};
