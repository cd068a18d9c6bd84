/**
 * Service payloads → the contract's DTOs. The service note stays the source of truth in main (unknown
 * fields kept for edits); the renderer receives only the fields it shows.
 */
import type {
  Codes,
  Coding as CodingDto,
  EmCodes as EmCodesDto,
  EmInputs as EmInputsDto,
  Note as NoteDto,
  Order,
  Orders,
  SectionContent,
} from '../../../preload/contract/index.ts';
import { EmInputsSchema } from '../../../preload/contract/index.ts';
import type { Coding, EmCodes, NormalizedData, SuggestedOrder } from '../../core/api/schemas/coding.ts';
import type { Note, NoteSection } from '../../core/api/schemas/note.ts';

/** One section's content as the contract carries it. */
function toSectionContent(section: NoteSection): SectionContent {
  const content = section.content as { type: string; text?: unknown; subsections?: unknown };
  if (content.type === 'TEXT') return { type: 'TEXT', text: String(content.text ?? '') };
  if (content.type === 'SUBSECTIONS' && Array.isArray(content.subsections)) {
    return {
      type: 'SUBSECTIONS',
      subsections: (content.subsections as { id: string; title: string; text: string }[]).map((s) => ({
        id: s.id,
        title: s.title,
        text: s.text,
      })),
    };
  }
  return { type: 'UNSUPPORTED', originalType: content.type };
}

/** The note as the renderer sees it. */
export function toNoteDto(note: Note, revision: number): NoteDto {
  return {
    title: note.title ?? null,
    locale: note.locale,
    templateKey: note.template_key,
    revision,
    sections: note.sections.map((section) => ({
      key: section.key,
      // Untitled: the window names it from its key in its own language (preload/words sectionTitle).
      title: section.title ?? null,
      content: toSectionContent(section),
    })),
  };
}

function systemOf(coding: Coding, fallback: CodingDto['system']): CodingDto['system'] {
  const system = (coding.system ?? '').toLowerCase();
  if (system.includes('icd')) return 'ICD-10';
  if (system.includes('loinc')) return 'LOINC';
  return system === '' ? fallback : 'other';
}

function toCoding(coding: Coding, fallback: CodingDto['system']): CodingDto {
  return {
    code: coding.code,
    display: coding.display ?? '',
    system: systemOf(coding, fallback),
    isHcc: coding.is_hcc === true,
    isMcc: coding.is_mcc === true,
  };
}

/** ICD-10 conditions (with HCC/MCC flags and alternatives) and LOINC observations. */
export function toCodesDto(data: NormalizedData): Codes {
  return {
    conditions: data.conditions.map((condition) => {
      // Before 2026-02-20 the flags sat on the condition itself; accept both places.
      const legacy = condition as { is_hcc?: unknown; is_mcc?: unknown };
      const coding = toCoding(condition.coding, 'ICD-10');
      return {
        coding: {
          ...coding,
          isHcc: coding.isHcc || legacy.is_hcc === true,
          isMcc: coding.isMcc || legacy.is_mcc === true,
        },
        alternatives: (condition.alternative_coding ?? []).map((alt) => toCoding(alt, 'ICD-10')),
        clinicalStatus: condition.clinical_status ?? null,
      };
    }),
    observations: data.observations.map((observation) => {
      const codings =
        observation.coding == null
          ? []
          : Array.isArray(observation.coding)
            ? observation.coding
            : [observation.coding];
      return {
        display: observation.display ?? '',
        value: observation.value == null ? null : String(observation.value),
        unit: observation.unit ?? null,
        codes: codings.map((c) => toCoding(c, 'LOINC')),
      };
    }),
  };
}

/**
 * The service's frequency as one value: the contract does not show its shape, so a string or number is kept
 * as sent and an object's plain values are joined ({value: 3, unit: "DAY"} → "3 DAY").
 */
function frequencyValue(frequency: unknown): string | null {
  if (frequency == null) return null;
  if (typeof frequency === 'string' || typeof frequency === 'number') return String(frequency);
  if (typeof frequency === 'object') {
    const parts = Object.values(frequency as Record<string, unknown>).filter(
      (v) => typeof v === 'string' || typeof v === 'number',
    );
    return parts.length > 0 ? parts.map(String).join(' ') : null;
  }
  return null;
}

/** A blank value is no value. */
function present(value: string | null | undefined): string | null {
  return value != null && value.trim() !== '' ? value : null;
}

/**
 * One order. A medication's action, route and frequency cross as the service's values (START, ORAL, BID):
 * the window and the CLI name them in their language (preload/words medicationName), as for categories.
 */
function toOrder(order: SuggestedOrder): Order {
  const isMedication = /MEDICATION/i.test(order.category);
  const dose =
    order.dose_value == null ? null : `${order.dose_value}${order.dose_unit ? ` ${order.dose_unit}` : ''}`;
  return {
    description: order.description,
    details: order.details ?? null,
    medication: isMedication
      ? {
          action: present(order.action),
          dose,
          frequency: present(frequencyValue(order.frequency)),
          route: present(order.route),
          prn: order.prn === true,
        }
      : null,
  };
}

/** Orders grouped by category code, in the order categories first appear. */
export function toOrdersDto(orders: SuggestedOrder[]): Orders {
  const groups = new Map<string, Order[]>();
  for (const order of orders) {
    const list = groups.get(order.category) ?? [];
    list.push(toOrder(order));
    groups.set(order.category, list);
  }
  return {
    // By code: the window names each category in its language (preload/words orderCategoryName).
    categories: [...groups].map(([category, list]) => ({ category, orders: list })),
  };
}

/** E/M codes as shown, the specialty list for the picker, and the inputs the service chose them from. */
export function toEmDto(codes: EmCodes, specialties: readonly string[], asked?: EmInputsDto): EmCodesDto {
  return {
    codes: codes.codes.map((c) => ({ code: c.code, description: c.description ?? '' })),
    specialties: [...specialties],
    inputs: inputsOf(codes, asked),
  };
}

/**
 * The inputs behind the codes: the service's `inputs` when it gives them (GUESS: the local service's shape,
 * the fields of compute-em-codes), else those the clinician just asked with; null when neither is known or
 * a value is not one the window offers.
 */
function inputsOf(codes: EmCodes, asked: EmInputsDto | undefined): EmInputsDto | null {
  const given = (codes as { inputs?: unknown }).inputs;
  if (!given || typeof given !== 'object') return asked ?? null;
  const raw = given as Record<string, unknown>;
  const inputs = {
    specialty: raw.em_specialty_kind ?? asked?.specialty,
    patientType: raw.patient_type ?? 'ESTABLISHED',
    mdmLevel: raw.medical_decision_making_level ?? null,
    totalMinutes: raw.total_time_minutes ?? null,
  };
  const parsed = EmInputsSchema.safeParse(inputs);
  return parsed.success ? parsed.data : (asked ?? null);
}
