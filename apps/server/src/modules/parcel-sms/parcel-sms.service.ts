import { failedAttemptReasons } from '@dak/domain/parcel-status';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hashOtp, newNumericCode } from '../../lib/secrets';
import type { SmsService } from '../sms/sms.service';

export const sendParcelSmsJobName = 'send-parcel-sms';

/** What the OTP hashes are bound to, with the tracking ID (lib/secrets hashOtp). */
export const deliveryOtpPurpose = 'delivery';
export const returnOtpPurpose = 'parcel_return';

/**
 * The SMS a parcel's move is followed by. The job's data names the parcel and the kind only:
 * codes are made by the job itself, so no code is ever written into the queue's rows.
 */
export const parcelSmsSchema = z.object({
  parcelId: z.uuid(),
  kind: z.enum(['out_for_delivery', 'delivered', 'delivery_attempted', 'return_otp']),
  /** The failed attempt's reason (delivery_attempted). */
  reason: z.string().max(100).optional(),
});
export type ParcelSms = z.infer<typeof parcelSmsSchema>;

const localPhone = (stored: string) => `0${stored.replace(/^880/, '')}`;

const smsText = {
  outForDelivery: (p: {
    trackingId: string;
    rider: string;
    riderPhone: string;
    code: string;
    link: string;
  }) =>
    `Dak: parcel ${p.trackingId} is out for delivery with ${p.rider} (${p.riderPhone}). ` +
    `Delivery OTP: ${p.code}. Give it to the rider only on receiving the parcel. Track: ${p.link}\n` +
    `ডাক: পার্সেল ${p.trackingId} নিয়ে রাইডার ${p.rider} (${p.riderPhone}) আসছেন। ` +
    `ডেলিভারি OTP: ${p.code}`,
  delivered: (p: { trackingId: string; link: string }) =>
    `Dak: parcel ${p.trackingId} delivered. Track: ${p.link}\n` + `ডাক: পার্সেল ${p.trackingId} ডেলিভারি সম্পন্ন।`,
  attempted: (p: { trackingId: string; reason?: string; link: string }) => {
    const why = failedAttemptReasons[p.reason as keyof typeof failedAttemptReasons];
    return (
      `Dak: we could not deliver parcel ${p.trackingId} (${why?.en ?? 'attempted'}). Track: ${p.link}\n` +
      `ডাক: পার্সেল ${p.trackingId} ডেলিভারি করা যায়নি (${why?.bn ?? 'চেষ্টা করা হয়েছে'})।`
    );
  },
  returnOtp: (p: { trackingId: string; code: string }) =>
    `Dak: your returned parcel ${p.trackingId} is on its way to you. Give the rider this code: ${p.code}\n` +
    `ডাক: আপনার রিটার্ন পার্সেল ${p.trackingId} আসছে। রাইডারকে এই কোড দিন: ${p.code}`,
};

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
  sms: SmsService;
  publicUrl?: string;
}) {
  const { db, clock, sms } = deps;
  const link = (trackingId: string) => `${deps.publicUrl ?? ''}/track/${trackingId}`;

  /** Where the merchant's return code goes: the shop's return phone, else its phone, else the owner's. */
  async function returnPhoneOf(trx: Transaction<DB>, shopId: string): Promise<string | null> {
    const row = await trx
      .selectFrom('shops as s')
      .innerJoin('users as u', 'u.id', 's.owner_user_id')
      .select(['s.return_phone', 's.phone', 'u.phone as owner_phone'])
      .where('s.id', '=', shopId)
      .executeTakeFirst();
    return row ? (row.return_phone ?? row.phone ?? row.owner_phone) : null;
  }

  /** The customer's delivery code, with the rider's name and phone and the tracking link. */
  async function deliveryOtp(parcelId: string, once?: string) {
    const issued = await db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('delivery_run_parcels as rp')
        .innerJoin('delivery_runs as r', 'r.id', 'rp.run_id')
        .innerJoin('staff as s', 's.id', 'r.rider_id')
        .innerJoin('parcels as p', 'p.id', 'rp.parcel_id')
        .select(['rp.id', 'p.tracking_id', 'p.customer_phone', 'p.status', 's.name', 's.phone'])
        .where('rp.parcel_id', '=', parcelId)
        .where('rp.closed_at', 'is', null)
        .forUpdate('rp')
        .executeTakeFirst();
      if (open?.status !== 'out_for_delivery') return null;
      const code = newNumericCode(4);
      await trx
        .updateTable('delivery_run_parcels')
        .set({ otp_hash: hashOtp(code, open.tracking_id, deliveryOtpPurpose) })
        // This attempt only: an earlier, closed attempt on the same run keeps its own hash.
        .where('id', '=', open.id)
        .execute();
      return { ...open, code };
    });
    if (!issued) return;
    await sms.send({
      to: issued.customer_phone,
      body: smsText.outForDelivery({
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
      const parcel = await trx
        .selectFrom('parcels')
        .select(['tracking_id', 'shop_id', 'status'])
        .where('id', '=', parcelId)
        .forUpdate()
        .executeTakeFirst();
      if (parcel?.status !== 'out_for_return') return null;
      const to = await returnPhoneOf(trx, parcel.shop_id);
      if (!to) return null;
      const code = newNumericCode(4);
      await trx
        .updateTable('parcels')
        .set({
          return_otp_hash: hashOtp(code, parcel.tracking_id, returnOtpPurpose),
          return_otp_sent_at: clock.now(),
          return_otp_failures: 0,
        })
        .where('id', '=', parcelId)
        .execute();
      return { to, trackingId: parcel.tracking_id, code };
    });
    if (!issued) return;
    await sms.send({
      to: issued.to,
      body: smsText.returnOtp(issued),
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
      const parcel = await db
        .selectFrom('parcels')
        .select(['tracking_id', 'customer_phone'])
        .where('id', '=', message.parcelId)
        .executeTakeFirst();
      if (!parcel) return;
      const trackingId = parcel.tracking_id;
      const body =
        message.kind === 'delivered'
          ? smsText.delivered({ trackingId, link: link(trackingId) })
          : smsText.attempted({ trackingId, reason: message.reason, link: link(trackingId) });
      await sms.send({ to: parcel.customer_phone, body, purpose: `parcel_${message.kind}`, once });
    },
  };
}

export type ParcelSmsService = ReturnType<typeof createParcelSmsService>;
