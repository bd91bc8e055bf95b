import { type Parcel, parcelMessages } from '@dak/domain/parcel';
import {
  cashBelowFloor,
  type EditableField,
  editability,
  type ParcelEdit,
  type ParcelNote,
  parcelEditMessages,
} from '@dak/domain/parcel-edits';
import type { ShopRole } from '@dak/domain/permissions';
import type { ChargeQuote } from '@dak/domain/pricing';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely, Transaction } from 'kysely';
import { databaseProblem } from '../../db/database';
import type { DB, ParcelAuditLogTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../parcel-transitions/parcel-audit';
import { recordEditEvent } from '../parcel-transitions/parcel-booking-events';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
import type { ParcelEditsRepository } from './parcel-edits.repository';
import { parcelLoader } from './parcel-queries.service';
import { asBodyError, chargeColumnsOf, fieldError, poisha, taka, toParcel } from './parcel-shapes';
import type { ParcelRow, ParcelsRepository } from './parcels.repository';

export type ParcelEditsService = ReturnType<typeof createParcelEditsService>;

const editsOf = (row: ParcelRow): Record<EditableField, number> => ({
  customerPhone: row.customer_phone_edits,
  cashCollectionAmount: row.cash_collection_edits,
  customerAddress: row.customer_address_edits,
});

const fieldLabels: Record<EditableField, string> = {
  customerPhone: 'customer phone',
  cashCollectionAmount: 'cash collection amount',
  customerAddress: 'customer address',
};

type NoteRow = {
  id: string;
  note: string;
  author_user_id: string;
  author_name: string | null;
  created_at: Date;
};
const toNote = (row: NoteRow): ParcelNote => ({
  id: row.id,
  note: row.note,
  author: { id: row.author_user_id, name: row.author_name },
  createdAt: row.created_at,
});

/**
 * Editing a booked parcel (each of phone, cash and address once, until delivered), its notes, and
 * its audit log. Every change writes its audit rows (and, for edits, a parcel event) in the same
 * transaction, on a row locked `for update`, so of two edits of one field exactly one wins.
 */
export function createParcelEditsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: ParcelEditsRepository;
  parcels: ParcelsRepository;
  pickups: PickupLocationsService;
  pricing: PricingService;
}) {
  const { db, clock, repo, parcels, pickups, pricing } = deps;

  const load = parcelLoader(parcels);

  /**
   * The charge for the parcel as it would be after the edit, under the shop's plan now. Read in
   * the edit's transaction: a second connection taken while this one holds the parcel's lock is
   * how a burst of edits once took every connection of the pool and hung the API (issue 11).
   */
  async function requote(
    trx: Transaction<DB>,
    shopId: string,
    row: ParcelRow,
    next: { cash: number; deliveryAreaId: string },
  ) {
    const location = await pickups.get(shopId, row.pickup_location_id, trx);
    // The return leg of an exchange has no charge of its own: the forward leg's surcharge pays it.
    const freeLeg = row.flow_type === 'exchange_return' && row.parcel_type === 'reverse';
    const quote = await pricing
      .quoteForShop(
        shopId,
        {
          pickupAreaId: location.area.id,
          deliveryAreaId: next.deliveryAreaId,
          weight: row.weight_grams,
          cash: next.cash,
          categoryId: row.category_id ?? undefined,
          categoryVariantId: row.category_variant_id ?? undefined,
          exchange: row.flow_type === 'exchange_return' && row.parcel_type === 'forward',
        },
        trx,
      )
      .catch((error: unknown) => {
        throw asBodyError(error);
      });
    return freeLeg ? { ...quote, deliveryCharge: 0, codCharge: 0, totalCharge: 0, returnCharge: 0 } : quote;
  }

  /**
   * An edit's transaction. Edits of one parcel queue on its row lock; one still waiting after the
   * lock timeout is 409 PARCEL_BEING_EDITED (try again), so a burst holds no connection for long.
   */
  function editTransaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return db
      .transaction()
      .execute(fn)
      .catch((error: unknown) => {
        if (databaseProblem(error) !== 'locked') throw error;
        throw new AppError('PARCEL_BEING_EDITED', parcelEditMessages.beingEdited);
      });
  }

  const service = {
    /** Which fields can still be edited, and why not. */
    async canEdit(shopId: string, parcelId: string) {
      const row = await load(shopId, parcelId);
      return editability({ status: row.status, edits: editsOf(row) });
    },

    /**
     * Applies an edit. Fields sent with their current value are not changes (and not counted);
     * nothing left to change is a 400. A field past its one edit is 409 PARCEL_FIELD_ALREADY_EDITED,
     * a parcel past forward delivery 409 PARCEL_NOT_EDITABLE. Cash or area changes reprice the parcel.
     * Another edit holding the parcel past the lock timeout: 409 PARCEL_BEING_EDITED.
     */
    async edit(input: {
      shopId: string;
      parcelId: string;
      userId: string;
      body: ParcelEdit;
    }): Promise<Parcel> {
      const { shopId, parcelId, userId, body } = input;
      await editTransaction(async (trx) => {
        const row = await load(shopId, parcelId, trx, true);
        const newPhone =
          body.customerPhone !== undefined && body.customerPhone !== row.customer_phone
            ? body.customerPhone
            : null;
        const newCash =
          body.cashCollectionAmount !== undefined &&
          poisha(body.cashCollectionAmount) !== row.cash_collection_poisha
            ? body.cashCollectionAmount
            : null;
        const newAddress =
          body.customerAddress !== undefined && body.customerAddress !== row.customer_address
            ? body.customerAddress
            : null;
        const newArea =
          body.deliveryAreaId !== undefined && body.deliveryAreaId !== row.delivery_area_id
            ? body.deliveryAreaId
            : null;
        const changed: EditableField[] = [];
        if (newPhone !== null) changed.push('customerPhone');
        if (newCash !== null) changed.push('cashCollectionAmount');
        if (newAddress !== null || newArea !== null) changed.push('customerAddress');
        if (changed.length === 0) {
          throw new AppError('VALIDATION_FAILED', parcelEditMessages.nothingToChange);
        }

        const state = editability({ status: row.status, edits: editsOf(row) });
        for (const field of changed) {
          const { reason, message } = state[field];
          if (!reason) continue;
          throw new AppError(
            reason === 'already_edited' ? 'PARCEL_FIELD_ALREADY_EDITED' : 'PARCEL_NOT_EDITABLE',
            message ?? parcelEditMessages[reason],
            { field, reason, status: row.status },
          );
        }
        if (newPhone !== null && newPhone === row.alternate_phone) {
          throw fieldError('customerPhone', parcelMessages.alternateSamePhone);
        }

        const cash = newCash ?? taka(row.cash_collection_poisha);
        let quote: ChargeQuote | null = null;
        if (newCash !== null || newArea !== null) {
          quote = await requote(trx, shopId, row, {
            cash,
            deliveryAreaId: newArea ?? row.delivery_area_id,
          });
        }
        const deliveryCharge = quote ? quote.deliveryCharge : taka(row.delivery_charge_poisha);
        if (
          newCash !== null &&
          cashBelowFloor({ status: row.status, cashTaka: newCash, deliveryChargeTaka: deliveryCharge })
        ) {
          throw fieldError('cashCollectionAmount', parcelEditMessages.cashBelowDeliveryCharge);
        }

        const now = clock.now();
        await repo.updateParcel(
          row.id,
          {
            ...(newPhone !== null
              ? { customer_phone: newPhone, customer_phone_edits: row.customer_phone_edits + 1 }
              : {}),
            ...(newCash !== null
              ? {
                  cash_collection_poisha: poisha(newCash),
                  cash_collection_edits: row.cash_collection_edits + 1,
                }
              : {}),
            ...(changed.includes('customerAddress')
              ? { customer_address_edits: row.customer_address_edits + 1 }
              : {}),
            ...(newAddress !== null ? { customer_address: newAddress } : {}),
            ...(newArea !== null ? { delivery_area_id: newArea } : {}),
            ...(quote ? chargeColumnsOf(quote) : {}),
            updated_at: now,
          },
          trx,
        );

        const audit = (
          field: NonNullable<ParcelAuditLogTable['field']>,
          oldValue: string,
          newValue: string,
        ) =>
          recordAudit(trx, {
            parcelId: row.id,
            at: now,
            actorUserId: userId,
            actorStaffId: null,
            action: 'edit',
            field,
            oldValue: oldValue,
            newValue: newValue,
          });
        if (newPhone !== null) await audit('customerPhone', row.customer_phone, newPhone);
        if (newCash !== null) {
          await audit('cashCollectionAmount', String(taka(row.cash_collection_poisha)), String(newCash));
        }
        if (newAddress !== null) await audit('customerAddress', row.customer_address, newAddress);
        if (newArea !== null) await audit('deliveryArea', row.delivery_area_id, newArea);

        await recordEditEvent(trx, {
          parcelId: row.id,
          status: row.status,
          at: now,
          actorUserId: userId,
          note: `Changed ${changed.map((f) => fieldLabels[f]).join(', ')}`,
        });
      });
      return toParcel(await load(shopId, parcelId));
    },

    async latestNote(shopId: string, parcelId: string) {
      const row = await load(shopId, parcelId);
      const note = await repo.latestNote(row.id);
      return { note: note ? toNote(note) : null };
    },

    async addNote(input: { shopId: string; parcelId: string; userId: string; note: string }) {
      const id = await db.transaction().execute(async (trx) => {
        const row = await load(input.shopId, input.parcelId, trx);
        const now = clock.now();
        const noteId = await repo.insertNote(
          { parcel_id: row.id, author_user_id: input.userId, note: input.note, created_at: now },
          trx,
        );
        await recordAudit(trx, {
          parcelId: row.id,
          at: now,
          actorUserId: input.userId,
          actorStaffId: null,
          action: 'note_added',
          field: null,
          oldValue: null,
          newValue: input.note,
        });
        return noteId;
      });
      const note = await repo.findNote(input.parcelId, id);
      if (!note) throw new AppError('NOT_FOUND', parcelEditMessages.noteNotFound);
      return toNote(note);
    },

    /** Only the note's author or the shop's owner removes it; it stays in the audit log. */
    async removeNote(input: {
      shopId: string;
      parcelId: string;
      noteId: string;
      userId: string;
      role: ShopRole;
    }) {
      await db.transaction().execute(async (trx) => {
        const row = await load(input.shopId, input.parcelId, trx);
        const note = await repo.findNote(row.id, input.noteId, trx);
        if (!note) throw new AppError('NOT_FOUND', parcelEditMessages.noteNotFound);
        if (note.author_user_id !== input.userId && input.role !== 'owner') {
          throw new AppError('NOTE_NOT_REMOVABLE', parcelEditMessages.noteNotRemovable);
        }
        const now = clock.now();
        const removed = await repo.removeNote(
          note.id,
          { removed_at: now, removed_by_user_id: input.userId },
          trx,
        );
        if (!removed) throw new AppError('NOT_FOUND', parcelEditMessages.noteNotFound);
        await recordAudit(trx, {
          parcelId: row.id,
          at: now,
          actorUserId: input.userId,
          actorStaffId: null,
          action: 'note_removed',
          field: null,
          oldValue: note.note,
          newValue: null,
        });
      });
      return { id: input.noteId, message: parcelEditMessages.noteRemoved };
    },

    async auditLog(shopId: string, parcelId: string) {
      const row = await load(shopId, parcelId);
      return auditItems(row.id, 'shop');
    },

    /** Staff read any parcel's audit log by tracking ID, with where every actor acted from. */
    async auditLogForStaff(rawTrackingId: string) {
      const trackingId = normalizeTrackingId(rawTrackingId);
      const parcelId = trackingId ? await parcels.findIdByTrackingId(trackingId) : undefined;
      if (!parcelId) throw new AppError('NOT_FOUND', `No parcel with tracking ID ${rawTrackingId}`);
      return auditItems(parcelId, 'staff');
    },
  };
  return service;

  /** The log's lines; a shop does not see where Dak's staff acted from. */
  async function auditItems(parcelId: string, reader: 'shop' | 'staff') {
    const rows = await repo.auditLog(parcelId);
    const items = rows.map((r) => ({
      at: r.at,
      action: r.action,
      field: r.field,
      oldValue: r.old_value,
      newValue: r.new_value,
      actor: r.actor_user_id
        ? { kind: 'user' as const, id: r.actor_user_id, name: r.actor_name }
        : r.actor_staff_id
          ? { kind: 'staff' as const, id: r.actor_staff_id, name: r.actor_name }
          : { kind: 'system' as const, id: null, name: null },
      // A shop sees where its own people acted from, never where Dak's staff work from.
      ip: reader === 'staff' || r.actor_user_id ? r.ip : null,
      userAgent: reader === 'staff' || r.actor_user_id ? r.user_agent : null,
    }));
    return { items, count: items.length };
  }
}
