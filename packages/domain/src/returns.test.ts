import { describe, expect, it } from 'vitest';
import {
  approvalBulkDecisionSchema,
  reattemptReasonCodes,
  reattemptReasons,
  reattemptRequestSchema,
  riderCallSchema,
  telephonyEventSchema,
} from './returns';

describe('reattempt requests', () => {
  it('name every issue reason in English and Bengali', () => {
    for (const code of reattemptReasonCodes) {
      expect(reattemptReasons[code].en.length).toBeGreaterThan(2);
      expect(reattemptReasons[code].bn).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it('need a reason from the list, in the screen’s words', () => {
    const none = reattemptRequestSchema.safeParse({});
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe('Please select an issue reason');
    expect(reattemptRequestSchema.safeParse({ reason: 'because' }).success).toBe(false);
    expect(reattemptRequestSchema.parse({ reason: 'new_time', note: '  after 5 pm ' })).toEqual({
      reason: 'new_time',
      note: 'after 5 pm',
    });
  });

  it('are decided in bulk up to 200 at once', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(approvalBulkDecisionSchema.safeParse({ ids: [], decision: 'approved' }).success).toBe(false);
    expect(
      approvalBulkDecisionSchema.safeParse({ ids: Array(201).fill(id), decision: 'approved' }).success,
    ).toBe(false);
    expect(approvalBulkDecisionSchema.safeParse({ ids: [id], decision: 'maybe' }).success).toBe(false);
    expect(approvalBulkDecisionSchema.safeParse({ ids: [id], decision: 'rejected' }).success).toBe(true);
  });
});

describe('calls', () => {
  it('take the rider’s call with a known outcome and a sane duration', () => {
    const startedAt = '2026-11-22T06:00:00Z';
    expect(riderCallSchema.safeParse({ startedAt, outcome: 'answered', durationSeconds: 30 }).success).toBe(
      true,
    );
    expect(riderCallSchema.safeParse({ startedAt, outcome: 'hung_up' }).success).toBe(false);
    expect(riderCallSchema.safeParse({ startedAt, outcome: 'busy', durationSeconds: -1 }).success).toBe(
      false,
    );
    expect(riderCallSchema.safeParse({ startedAt: 'yesterday', outcome: 'busy' }).success).toBe(false);
  });

  it('read the provider’s two events and nothing else', () => {
    const base = { eventId: 'e1', trackingId: 'DK123', callId: 'c1', startedAt: '2026-11-22T06:00:00Z' };
    expect(telephonyEventSchema.safeParse({ ...base, type: 'ivr.confirmed' }).success).toBe(true);
    expect(
      telephonyEventSchema.safeParse({ ...base, type: 'call.completed', outcome: 'answered' }).success,
    ).toBe(true);
    expect(telephonyEventSchema.safeParse({ ...base, type: 'call.started' }).success).toBe(false);
    expect(
      telephonyEventSchema.safeParse({
        ...base,
        type: 'call.completed',
        outcome: 'answered',
        recording: { contentType: 'text/html', base64: 'PGh0bWw+' },
      }).success,
    ).toBe(false);
  });
});
