import { describe, expect, it } from 'vitest';
import {
  effectsOnEntering,
  type ParcelEffect,
  parcelSmsSchema,
  parcelSmsTemplates,
  parcelSmsText,
} from './parcel-effects';
import { initialParcelStatus, type ParcelStatus, parcelStatuses, parcelTransitions } from './parcel-status';

/** Every status a move can end in, from the machine itself (plus the one a booking starts in). */
const enterable = new Set<ParcelStatus>([initialParcelStatus, ...Object.values(parcelTransitions).flat()]);

describe('the effects of entering a status', () => {
  it('lists every status the machine can enter, and only statuses', () => {
    expect(new Set(Object.keys(effectsOnEntering))).toEqual(enterable);
    for (const key of Object.keys(effectsOnEntering)) expect(parcelStatuses).toContain(key);
  });

  it('sends the SMS it sent before the table, and settles the money where it becomes final, tells the merchant of a failure and a return: written out here, so a change must change this too', () => {
    const sms: Partial<Record<ParcelStatus, ParcelEffect[]>> = {
      out_for_delivery: [{ kind: 'sms', template: 'out_for_delivery' }],
      delivered: [
        { kind: 'ledger', settle: 'delivered' },
        { kind: 'sms', template: 'delivered' },
      ],
      delivery_attempted: [
        { kind: 'sms', template: 'delivery_attempted', withReason: true },
        { kind: 'notify', event: 'delivery_failed' },
      ],
      out_for_return: [{ kind: 'sms', template: 'return_otp' }],
      returned: [
        { kind: 'ledger', settle: 'returned' },
        { kind: 'notify', event: 'parcel_returned' },
      ],
      lost: [{ kind: 'ledger', settle: 'lost' }],
      damaged: [{ kind: 'ledger', settle: 'damaged' }],
    };
    // And every move, whatever status it enters, is announced to the shop's webhooks (issue 15).
    const announced: ParcelEffect = { kind: 'webhook', event: 'parcel.status_changed' };
    for (const status of parcelStatuses) {
      expect(effectsOnEntering[status], status).toEqual([...(sms[status] ?? []), announced]);
    }
  });

  it('names only SMS templates that exist, each with an English and a Bengali text', () => {
    const used = Object.values(effectsOnEntering)
      .flat()
      .filter((effect) => effect.kind === 'sms')
      .map((effect) => effect.template);
    expect(used.length).toBeGreaterThan(0);
    for (const template of used) expect(parcelSmsTemplates).toContain(template);
    for (const template of parcelSmsTemplates) {
      const text = (parcelSmsText[template] as (p: Record<string, string>) => string)({
        trackingId: 'DK123',
        rider: 'Rubel',
        riderPhone: '01712345678',
        code: '1234',
        link: 'https://dak.example/track/DK123',
        reason: 'customer_refused',
      });
      expect(text, template).toContain('DK123');
      expect(text, template).toMatch(/^Dak: .+\nডাক: /s);
    }
    expect(
      parcelSmsText.delivery_attempted({ trackingId: 'DK1', reason: 'customer_refused', link: '' }),
    ).toContain('Customer refused the parcel');
  });

  it('queues only templates the send-parcel-sms job accepts', () => {
    for (const kind of parcelSmsTemplates) {
      expect(
        parcelSmsSchema.safeParse({ parcelId: '6f1c2b9e-3d4a-4c5b-8e7f-0a1b2c3d4e5f', kind }).success,
        kind,
      ).toBe(true);
    }
    expect(
      parcelSmsSchema.safeParse({ parcelId: '6f1c2b9e-3d4a-4c5b-8e7f-0a1b2c3d4e5f', kind: 'pickup' }).success,
    ).toBe(false);
  });
});
