/**
 * The signed webhook deliveries' own limit is a setting (webhooksPerMinute, issue 34): past it the broker
 * answers 429 with Retry-After, whatever the address limit. A broker of its own, so no other test's
 * deliveries count towards the minute.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookSignature } from '../../../main/programs/broker/webhook-signature.ts';
import { SECRET, startScheduleBroker, type ScheduleBrokerRig } from './schedule-broker.ts';

let rig: ScheduleBrokerRig;
beforeAll(async () => {
  rig = await startScheduleBroker({ webhooksPerMinute: 3 });
});
afterAll(() => rig?.close());

it('refuses signed deliveries past webhooksPerMinute (here 3) with 429 and Retry-After', async () => {
  const answers: { status: number; retryAfter: string | null }[] = [];
  // Should the minute turn during the loop, at most four more reach the limit.
  while (answers.length < 8 && !answers.some((a) => a.status === 429)) {
    const body = JSON.stringify({ type: 'note.created', n: answers.length });
    const at = String(Math.floor(Date.now() / 1000));
    const answer = await fetch(`${rig.broker.url}/v1/webhooks/service`, {
      method: 'POST',
      headers: {
        'x-service-webhook-timestamp': at,
        'x-service-webhook-signature': webhookSignature(SECRET, at, Buffer.from(body)),
      },
      body,
    });
    answers.push({ status: answer.status, retryAfter: answer.headers.get('retry-after') });
  }
  const refused = answers.at(-1)!;
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);
  expect(answers.length).toBeLessThanOrEqual(4 + 3);
});
