/**
 * The Server API endpoints this double answers (paths below `/v1/server`). Bodies are strict: an unknown
 * field, or a field of another version (`patient_id` after 2022-10-19, `content` before 2022-12-20), is 400.
 * Paths and parameters marked GUESS are not shown by the contract (see the README).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { badRequest, notFound } from '../errors.ts';
import { parseWith, type Route, type RouteContext } from '../router.ts';
import { listAnswer, showAppointment, showAttachment, showPatient, type ServerApiStore } from './store.ts';
import { SINCE } from './versions.ts';
import { conversationRoutes } from './conversation-routes.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const PatientCreate = z.strictObject({
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  locale: z.string().min(1),
  email: z.string().email(),
  phone: z.string().min(1),
  date_of_birth: isoDate,
  sex: z.string().min(1),
  summary: z.string().optional(),
  address: z.record(z.string(), z.unknown()).optional(),
});

/** The phone form of a version: digits only before 2023-01-27, '+' and digits from it. */
function checkPhone(phone: string, version: string): string {
  const plus = version >= '2023-01-27';
  if (!(plus ? /^\+\d{6,15}$/ : /^\d{6,15}$/).test(phone)) {
    throw badRequest(plus ? 'phone: must start with + and hold digits only' : 'phone: digits only');
  }
  return plus ? phone : `+${phone}`;
}

function patientRoutes(store: ServerApiStore): Route[] {
  return [
    {
      method: 'POST',
      path: '/patients',
      families: ['server'],
      handle: (ctx) => {
        const body = parseWith(PatientCreate, ctx.json());
        const patient = store.addPatient({ ...body, phone: checkPhone(body.phone, ctx.version) });
        return { body: showPatient(patient, ctx.version) };
      },
    },
    {
      method: 'PATCH',
      path: '/patients/:id',
      families: ['server'],
      handle: (ctx) => {
        const patient = store.patients.get(ctx.params.id!);
        if (!patient) throw notFound('patient');
        const body = parseWith(PatientCreate.partial(), ctx.json());
        const phone = body.phone !== undefined ? checkPhone(body.phone, ctx.version) : patient.phone;
        Object.assign(patient, { ...body, phone, updated_at: store.stamp() });
        return { body: showPatient(patient, ctx.version) };
      },
    },
  ];
}

/** An appointment's status as a version may set it (update_appointment). */
const SETTABLE_STATUS = z.enum(['SCHEDULED', 'CANCELLED', 'FINALIZED', 'NO_SHOW']);

// GUESS: how providers are looked up (the contract lists providers nowhere); by `external_id` only.
function findProviders(store: ServerApiStore, ctx: RouteContext) {
  const externalId = ctx.query.get('external_id');
  const data = [...store.providers.values()]
    .filter((p) => externalId === null || p.external_id === externalId)
    .map((p) => ({ id: p.id, first_name: p.first_name, last_name: p.last_name, external_id: p.external_id }));
  return listAnswer(data);
}

// GUESS: the search path and its parameters (`provider_id`, `start_after`, `start_before`, ISO times).
function searchAppointments(store: ServerApiStore, ctx: RouteContext) {
  const provider = ctx.query.get('provider_id');
  const from = timeParam(ctx, 'start_after');
  const to = timeParam(ctx, 'start_before');
  const data = [...store.appointments.values()]
    .filter((a) => (provider === null || a.provider_id === provider) && a.start_at >= from && a.start_at < to)
    .sort((a, b) => a.start_at.localeCompare(b.start_at))
    .map((a) => showAppointment(a, store, ctx.version));
  return listAnswer(data);
}

function findAppointment(store: ServerApiStore, ctx: RouteContext) {
  const found = store.appointments.get(ctx.params.id!);
  if (!found) throw notFound('appointment');
  return found;
}

/** update_appointment: `status` (from 2023-01-24) and `is_paid` (from 2023-02-15), nothing else. */
function updateAppointment(store: ServerApiStore, ctx: RouteContext) {
  const appointment = findAppointment(store, ctx);
  const schema =
    ctx.version >= SINCE.isPaid
      ? z.strictObject({ status: SETTABLE_STATUS.optional(), is_paid: z.boolean().optional() })
      : z.strictObject({ status: SETTABLE_STATUS.optional() });
  const body = parseWith(schema, ctx.json()) as { status?: typeof appointment.status; is_paid?: boolean };
  if (body.status !== undefined) appointment.status = body.status;
  if (body.is_paid !== undefined) appointment.is_paid = body.is_paid;
  return { body: showAppointment(appointment, store, ctx.version) };
}

function appointmentRoutes(store: ServerApiStore): Route[] {
  const route = (
    method: Route['method'],
    path: string,
    handle: (store: ServerApiStore, ctx: RouteContext) => { body: unknown },
  ): Route => ({
    method,
    path,
    families: ['server'],
    ...(path.startsWith('/appointments') ? { since: SINCE.appointments } : {}),
    handle: (ctx) => handle(store, ctx),
  });
  return [
    route('GET', '/providers', findProviders),
    route('GET', '/appointments', searchAppointments),
    route('GET', '/appointments/:id', (s, ctx) => ({
      body: showAppointment(findAppointment(s, ctx), s, ctx.version),
    })),
    route('PATCH', '/appointments/:id', updateAppointment),
  ];
}

function timeParam(ctx: RouteContext, name: string): string {
  const raw = ctx.query.get(name);
  if (raw === null) return name === 'start_after' ? '' : '\uffff';
  const time = Date.parse(raw);
  if (Number.isNaN(time)) throw badRequest(`${name}: must be an ISO 8601 timestamp`);
  return new Date(time).toISOString();
}

const Author = z.strictObject({ type: z.string().min(1), id: z.string().uuid() });

function attachmentRoutes(store: ServerApiStore, baseUrl: () => string): Route[] {
  return [
    {
      method: 'POST',
      path: '/attachments',
      families: ['server'],
      handle: async (ctx) => {
        const form = await ctx.form();
        const file = form.get('file');
        const author = form.get('author');
        if (!(file instanceof Blob) || file.size === 0)
          throw badRequest('file: a non-empty file part is required');
        if (author === null) throw badRequest('author: a JSON part {id, type} is required');
        const authorText = author instanceof Blob ? await author.text() : author;
        if (author instanceof Blob && !author.type.startsWith('application/json'))
          throw badRequest('author: the part must have content type application/json');
        let parsedAuthor: unknown;
        try {
          parsedAuthor = JSON.parse(authorText);
        } catch {
          throw badRequest('author: not JSON');
        }
        ctx.recordFields({ file: `${file.size} bytes`, author: parsedAuthor });
        const record = {
          id: randomUUID(),
          mime_type: file.type || 'application/octet-stream',
          size: file.size,
          author: parseWith(Author, parsedAuthor, 'author'),
          created_at: store.stamp(),
        };
        store.attachments.set(record.id, record);
        return { body: showAttachment(record, baseUrl(), store.now()) };
      },
    },
  ];
}

// GUESS: the task path and fields beyond `isPatientTask`.
const TaskCreate = z.strictObject({
  title: z.string().min(1).max(500),
  description: z.string().max(10_000).optional(),
  isPatientTask: z.boolean(),
  patient_id: z.string().uuid().optional(),
  provider_id: z.string().uuid().optional(),
});

function taskRoutes(store: ServerApiStore): Route[] {
  return [
    {
      method: 'POST',
      path: '/tasks',
      families: ['server'],
      since: SINCE.tasks,
      handle: (ctx) => {
        const body = parseWith(TaskCreate, ctx.json());
        if (body.isPatientTask && body.provider_id) throw badRequest('a patient task cannot have a provider');
        if (body.patient_id && !store.patients.has(body.patient_id)) throw notFound('patient');
        if (body.provider_id && !store.providers.has(body.provider_id)) throw notFound('provider');
        const task = {
          id: randomUUID(),
          title: body.title,
          description: body.description ?? null,
          isPatientTask: body.isPatientTask,
          patient_id: body.patient_id ?? null,
          provider_id: body.provider_id ?? null,
          created_at: store.stamp(),
        };
        store.tasks.set(task.id, task);
        return { body: task };
      },
    },
  ];
}

/** Every Server API route. `baseUrl` is the service's own address (temporary file URLs). */
export function serverApiRoutes(store: ServerApiStore, baseUrl: () => string): Route[] {
  return [
    ...patientRoutes(store),
    ...appointmentRoutes(store),
    ...conversationRoutes(store, baseUrl),
    ...attachmentRoutes(store, baseUrl),
    ...taskRoutes(store),
  ];
}
