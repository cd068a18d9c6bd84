/**
 * A block of keys written the older way (schemas, facts and defaults in separate maps, as the dictation and
 * update work write them) joins the one schema with keysFromBlock: validation, defaults, environment names
 * and the Config type come out as for any key.
 */
import { expectTypeOf, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envName, textForm } from '../../../../main/core/config/config-schema.ts';
import { keysFromBlock } from '../../../../main/core/config/policy-keys-core.ts';

const block = keysFromBlock({
  schemas: {
    updateChannel: z.enum(['stable', 'beta']),
    updateWindowHours: z.array(z.number().int().min(0).max(23)),
    auditRetentionDays: z.number().int().min(1).max(3650),
  },
  info: {
    updateChannel: { expect: 'must be stable or beta', deniedLayers: ['settings'] },
    updateWindowHours: { expect: 'must be hours 0-23' },
    auditRetentionDays: { expect: 'must be 1-3650 days' },
  },
  defaults: { updateChannel: 'stable', auditRetentionDays: 90 },
  docs: {
    updateChannel: { title: 'Update channel', description: 'Which releases the app installs.' },
    updateWindowHours: { title: 'Maintenance window', description: 'Hours when updates may install.' },
    auditRetentionDays: { title: 'Audit retention', description: 'How long the audit log is kept.' },
  },
});

describe('keysFromBlock', () => {
  it('gives keys of the one schema, with their defaults, facts and docs', () => {
    expect(block.updateChannel).toMatchObject({
      title: 'Update channel',
      expect: 'must be stable or beta',
      deniedLayers: ['settings'],
      default: 'stable',
    });
    expect('default' in block.updateWindowHours).toBe(false);
    expect(block.auditRetentionDays.default).toBe(90);
    expect(textForm(block.updateWindowHours.schema)).toBe('list');
    expect(envName('auditRetentionDays')).toBe('SCRIBE_AUDIT_RETENTION_DAYS');
    expectTypeOf(block.updateChannel.schema).toEqualTypeOf<z.ZodEnum<{ stable: 'stable'; beta: 'beta' }>>();
    expectTypeOf(block.updateChannel).toHaveProperty('default');
  });
});
