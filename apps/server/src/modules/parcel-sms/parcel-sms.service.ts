import { type ParcelSms, parcelSmsText as smsText } from '@dak/domain/parcel-effects';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { issueDeliveryOtp, issueReturnOtp } from '../parcel-transitions/parcel-transitions.service';
import type { SmsService } from '../sms/sms.service';
import type { ParcelSmsRepository } from './parcel-sms.repository';

/** Where delivery-runs checks the customer's code; the codes themselves are parcel-transitions'. */
export { deliveryOtpPurpose } from '../parcel-transitions/parcel-transitions.service';

const localPhone = (stored: string) => `0${stored.replace(/^880/, '')}`;

/**
 * The work of the send-parcel-sms job (queued by a move, in its transaction). A gateway failure
 * is thrown, so the queue tries again; the outbox row records each failed try.
 *
 * The two codes are made here, when the SMS goes out: a new code, its hash stored (replacing
 * any earlier one), then the SMS. A retry therefore sends a new code and the earlier one stops
 * working: the newest SMS always holds the code that works. A code is only made while it can
 * still be used (the parcel open on a run and out for delivery; out for return); otherwise the
 * SMS is skipped.
 */
export function createParcelSmsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: ParcelSmsRepository;
  sms: SmsService;
  publicUrl?: string;
}) {
  const { db, clock, repo, sms } = deps;
  const link = (trackingId: string) => `${deps.publicUrl ?? ''}/track/${trackingId}`;

  /** The customer's delivery code, with the rider's name and phone and the tracking link. */
  async function deliveryOtp(parcelId: string, once?: string) {
    const issued = await db.transaction().execute(async (trx) => {
      const open = await repo.lockOpenRunPlace(parcelId, trx);
      if (open?.status !== 'out_for_delivery') return null;
      const code = await issueDeliveryOtp(trx, { runParcelId: open.id, trackingId: open.tracking_id });
      return { ...open, code };
    });
    if (!issued) return;
    await sms.send({
      to: issued.customer_phone,
      body: smsText.out_for_delivery({
        trackingId: issued.tracking_id,
        rider: issued.name,
        riderPhone: localPhone(issued.phone),
        code: issued.code,
        link: link(issued.tracking_id),
      }),
      purpose: 'parcel_out_for_delivery',
      secret: issued.code,
      once,
    });
  }

  /** The merchant's hand-over code for a parcel coming back; a new one resets the wrong tries. */
  async function returnOtp(parcelId: string, once?: string) {
    const issued = await db.transaction().execute(async (trx) => {
      const parcel = await repo.parcel(parcelId, trx, true);
      if (parcel?.status !== 'out_for_return') return null;
      const to = await repo.returnPhoneOf(parcel.shop_id, trx);
      if (!to) return null;
      const code = await issueReturnOtp(trx, {
        id: parcelId,
        trackingId: parcel.tracking_id,
        at: clock.now(),
      });
      return { to, trackingId: parcel.tracking_id, code };
    });
    if (!issued) return;
    await sms.send({
      to: issued.to,
      body: smsText.return_otp(issued),
      purpose: 'parcel_return_otp',
      secret: issued.code,
      once,
    });
  }

  return {
    /**
     * `once` (the job's key) makes a retry send nothing when an earlier try sent the SMS or may
     * have; it is checked before a new code is made, so the code in a maybe-delivered SMS stays
     * the one that works.
     */
    async send(message: ParcelSms, options: { once?: string } = {}) {
      const { once } = options;
      if (once && (await sms.alreadyHandled(once))) return;
      if (message.kind === 'out_for_delivery') return deliveryOtp(message.parcelId, once);
      if (message.kind === 'return_otp') return returnOtp(message.parcelId, once);
      const parcel = await repo.parcel(message.parcelId);
      if (!parcel) return;
      const trackingId = parcel.tracking_id;
      const body =
        message.kind === 'delivered'
          ? smsText.delivered({ trackingId, link: link(trackingId) })
          : smsText.delivery_attempted({ trackingId, reason: message.reason, link: link(trackingId) });
      await sms.send({ to: parcel.customer_phone, body, purpose: `parcel_${message.kind}`, once });
    },
  };
}

export type ParcelSmsService = ReturnType<typeof createParcelSmsService>;
