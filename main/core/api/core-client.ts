import type { HttpClient } from './transport/http.ts';
import type { AccessTokenSource } from './auth/token-source.ts';
import type { CallOptions, CoreContext } from './endpoints/context.ts';
import * as notes from './endpoints/notes.ts';
import * as coding from './endpoints/coding.ts';
import * as files from './endpoints/files.ts';
import * as settings from './endpoints/settings.ts';
import * as users from './endpoints/users.ts';
import * as phrases from './endpoints/phrases.ts';
import type { EditNoteRequest, GenerateNoteRequest } from './schemas/note.ts';
import type { Customization, NoteSettings } from './schemas/account.ts';

/**
 * The Core API for one caller (server or user): every endpoint the contract gives that caller, with
 * limits checked before sending. Endpoints reserved for the other caller refuse before sending.
 */
export class CoreClient {
  readonly #ctx: CoreContext;

  constructor(http: HttpClient, auth: AccessTokenSource) {
    this.#ctx = { http, auth };
  }

  get caller() {
    return this.#ctx.auth.caller;
  }

  // Notes
  generateNote = (request: GenerateNoteRequest, options?: CallOptions) =>
    notes.generateNote(this.#ctx, request, options);
  generateNoteAsync = (request: GenerateNoteRequest, options?: CallOptions) =>
    notes.generateNoteAsync(this.#ctx, request, options);
  editNoteWithInstructions = (request: EditNoteRequest, options?: CallOptions) =>
    notes.editNoteWithInstructions(this.#ctx, request, options);

  // Coding, orders, instructions
  generateNormalizedData = (request: coding.NormalizedDataRequest, options?: CallOptions) =>
    coding.generateNormalizedData(this.#ctx, request, options);
  generateNormalizedDataAsync = (request: coding.NormalizedDataRequest, options?: CallOptions) =>
    coding.generateNormalizedDataAsync(this.#ctx, request, options);
  generateSuggestedOrders = (request: coding.SuggestedOrdersRequest, options?: CallOptions) =>
    coding.generateSuggestedOrders(this.#ctx, request, options);
  generateSuggestedOrdersAsync = (request: coding.SuggestedOrdersRequest, options?: CallOptions) =>
    coding.generateSuggestedOrdersAsync(this.#ctx, request, options);
  generateEmCodesAsync = (request: coding.EmCodesRequest, options?: CallOptions) =>
    coding.generateEmCodesAsync(this.#ctx, request, options);
  computeEmCodes = (request: coding.EmCodesRequest, options?: CallOptions) =>
    coding.computeEmCodes(this.#ctx, request, options);
  generatePatientInstructions = (request: coding.PatientInstructionsRequest, options?: CallOptions) =>
    coding.generatePatientInstructions(this.#ctx, request, options);
  translatePatientInstructions = (request: coding.TranslateInstructionsRequest, options?: CallOptions) =>
    coding.translatePatientInstructions(this.#ctx, request, options);

  // Files
  transcribeFile = (path: string, request: files.TranscribeFileRequest, options?: CallOptions) =>
    files.transcribeFile(this.#ctx, path, request, options);
  transcribeFileAsync = (path: string, request: files.TranscribeFileRequest, options?: CallOptions) =>
    files.transcribeFileAsync(this.#ctx, path, request, options);
  dictateFile = (path: string, request: { dictation_locale: string }, options?: CallOptions) =>
    files.dictateFile(this.#ctx, path, request, options);
  dictateUrlAsync = (request: files.DictateUrlRequest, options?: CallOptions) =>
    files.dictateUrlAsync(this.#ctx, request, options);

  // Templates and settings
  listTemplates = (locale?: string, options?: CallOptions) =>
    settings.listTemplates(this.#ctx, locale, options);
  getTemplate = (key: string, locale?: string, options?: CallOptions) =>
    settings.getTemplate(this.#ctx, key, locale, options);
  getNoteSettings = (options?: CallOptions) => settings.getNoteSettings(this.#ctx, options);
  updateNoteSettings = (patch: NoteSettings, options?: CallOptions) =>
    settings.updateNoteSettings(this.#ctx, patch, options);
  getCustomization = (templateKey: string, options?: CallOptions) =>
    settings.getCustomization(this.#ctx, templateKey, options);
  updateCustomization = (templateKey: string, customization: Customization, options?: CallOptions) =>
    settings.updateCustomization(this.#ctx, templateKey, customization, options);

  // Users (server)
  createUser = (input: users.UserInput, options?: CallOptions) => users.createUser(this.#ctx, input, options);
  getUser = (id: string, options?: CallOptions) => users.getUser(this.#ctx, id, options);
  updateUser = (id: string, patch: users.UserInput, options?: CallOptions) =>
    users.updateUser(this.#ctx, id, patch, options);
  listUsers = (query?: Parameters<typeof users.listUsers>[1], options?: CallOptions) =>
    users.listUsers(this.#ctx, query, options);
  findUserByExternalId = (externalId: string, options?: CallOptions) =>
    users.findUserByExternalId(this.#ctx, externalId, options);
  activateUser = (id: string, options?: CallOptions) => users.setUserActivated(this.#ctx, id, true, options);
  deactivateUser = (id: string, options?: CallOptions) =>
    users.setUserActivated(this.#ctx, id, false, options);

  // Dot phrases and dictation text replacements (user)
  readonly dotPhrases = phrases.dotPhrasesApi(() => this.#ctx);
  readonly textReplacements = phrases.textReplacementsApi(() => this.#ctx);
}
