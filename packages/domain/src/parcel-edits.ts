import { z } from 'zod';
import { addressSchema } from './address';
import { listSchema } from './lists';
import { keyed } from './messages';
import { requiredText } from './names';
import { cashField, idField } from './parcel';
import { type ParcelStatus, statusGroupOf } from './parcel-status';
import { phoneSchema } from './phone';

/**
 * Editing a booked parcel (DESIGN.md section 4, spec 4 and 9): until delivered, the customer phone,
 * the cash to collect and the address (with its delivery area) can each be changed once. While
 * pickup is pending the cash may not drop below the delivery charge. The web reads `editability`
 * to show what is still possible; the server enforces the same function under a row lock.
 */

export const editableFields = ['customerPhone', 'cashCollectionAmount', 'customerAddress'] as const;
export type EditableField = (typeof editableFields)[number];

/** Why a field cannot be edited; null when it can. */
export const editBlocks = ['already_edited', 'prepayment_hold', 'delivered', 'returning', 'closed'] as const;
export type EditBlock = (typeof editBlocks)[number];

export const parcelEditMessages = keyed('parcelEdit', {
  /** Spec 5, verbatim. */
  cashBelowDeliveryCharge:
    'Edited cash on delivery must be at least the delivery charge when pickup is pending',
  already_edited: 'This field has already been edited once',
  prepayment_hold:
    'The cash amount cannot be changed while the parcel waits for prepayment. Clear the prepayment first',
  delivered: 'A delivered parcel can no longer be edited',
  returning: 'A parcel on its way back or returned can no longer be edited',
  closed: 'A closed parcel can no longer be edited',
  /** Another edit of the same parcel held it longer than the lock timeout (issue 11). */
  beingEdited: 'This parcel is being edited by someone else. Please try again in a moment',
  nothingToChange: 'Nothing to change: send a new customer phone, cash amount or address',
  edited: 'Parcel updated successfully',
  noteRemoved: 'Note removed',
  noteNotFound: 'Note not found',
  noteNotRemovable: 'Only the author of a note or the shop owner can remove it',
  noteRequired: 'Note is required',
  noteTooLong: 'Note must be at most 500 characters',
} as const);

/** How often each field may be edited (spec 9: "Parcel edit once per field"). */
export const maxEditsPerField = 1;

/** The parcel's own reason, before counting edits: null while it is still in pickup or on its way out. */
export function statusBlock(status: ParcelStatus): EditBlock | null {
  const group = statusGroupOf(status);
  switch (group) {
    case 'pickup':
    case 'forward_in_progress':
      return null;
    case 'done':
      return 'delivered';
    case 'return_in_progress':
    case 'returned':
      return 'returning';
    case 'closed':
      return 'closed';
    default: {
      const never: never = group;
      throw new RangeError(`Unknown status group: ${String(never)}`);
    }
  }
}

export type FieldEditability = { editable: boolean; reason: EditBlock | null; message: string | null };
export type Editability = Record<EditableField, FieldEditability>;

/**
 * Which fields can still be edited, and why not: the status first, then the prepayment hold (a
 * parcel held for prepayment keeps its cash until the balance is settled), then the field's own count.
 */
export function editability(parcel: {
  status: ParcelStatus;
  edits: Record<EditableField, number>;
}): Editability {
  const byStatus = statusBlock(parcel.status);
  const result = {} as Editability;
  for (const field of editableFields) {
    const held = field === 'cashCollectionAmount' && parcel.status === 'pickup_hold';
    const reason: EditBlock | null =
      byStatus ??
      (held ? 'prepayment_hold' : parcel.edits[field] >= maxEditsPerField ? 'already_edited' : null);
    result[field] = {
      editable: reason === null,
      reason,
      message: reason ? parcelEditMessages[reason] : null,
    };
  }
  return result;
}

/**
 * What the edit form shows, after the user's "prepayment-block-in-edit" preference: when it is off
 * the held parcel's cash field stays open and the server's refusal explains it on saving.
 */
export function editabilityInForm(
  state: Editability,
  preferences: { prepaymentBlockInEdit: boolean },
): Editability {
  if (preferences.prepaymentBlockInEdit || state.cashCollectionAmount.reason !== 'prepayment_hold')
    return state;
  return { ...state, cashCollectionAmount: { editable: true, reason: null, message: null } };
}

/** The cash floor: while pickup is pending, cash to collect (taka) ≥ the delivery charge (taka). */
export function cashBelowFloor(input: {
  status: ParcelStatus;
  cashTaka: number;
  deliveryChargeTaka: number;
}) {
  return input.status === 'pickup_pending' && input.cashTaka < input.deliveryChargeTaka;
}

const fieldEditabilitySchema = z.object({
  editable: z.boolean(),
  reason: z.enum(editBlocks).nullable(),
  message: z.string().nullable(),
});
export const canEditSchema = z.object({
  customerPhone: fieldEditabilitySchema,
  cashCollectionAmount: fieldEditabilitySchema,
  /** Covers the delivery area too: they change together. */
  customerAddress: fieldEditabilitySchema,
});

/**
 * An edit: any of the three; the address may come with a new delivery area (or the area alone),
 * which counts as the address edit and reprices the parcel.
 */
export const parcelEditSchema = z
  .object({
    customerPhone: phoneSchema.optional(),
    cashCollectionAmount: cashField('Cash collection amount').optional(),
    customerAddress: addressSchema('Customer address').optional(),
    deliveryAreaId: idField('Delivery area').optional(),
  })
  .refine(
    (v) =>
      v.customerPhone !== undefined ||
      v.cashCollectionAmount !== undefined ||
      v.customerAddress !== undefined ||
      v.deliveryAreaId !== undefined,
    parcelEditMessages.nothingToChange,
  );
export type ParcelEdit = z.infer<typeof parcelEditSchema>;

export const noteSchema = z.object({
  note: requiredText(parcelEditMessages.noteRequired).max(500, parcelEditMessages.noteTooLong),
});

export const parcelNoteSchema = z.object({
  id: z.string(),
  note: z.string(),
  author: z.object({ id: z.string(), name: z.string().nullable() }),
  createdAt: z.date(),
});
export type ParcelNote = z.infer<typeof parcelNoteSchema>;

/**
 * What a line of the audit log records: the merchant's edits, delete and notes (issue 4), and
 * (issue 5) every status change, the reattempt requests and their decisions, the IVR confirmation.
 */
export const auditActions = [
  'edit',
  'delete',
  'note_added',
  'note_removed',
  'status_change',
  'reattempt_requested',
  'reattempt_approved',
  'reattempt_rejected',
  'robocall_verified',
] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditEntrySchema = z.object({
  at: z.date(),
  action: z.enum(auditActions),
  field: z.enum(['customerPhone', 'cashCollectionAmount', 'customerAddress', 'deliveryArea']).nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  actor: z.object({
    kind: z.enum(['user', 'staff', 'system']),
    id: z.string().nullable(),
    name: z.string().nullable(),
  }),
  /** From where: the caller's IP and browser (null for jobs, old rows, and staff seen by a shop). */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const auditLogSchema = listSchema(auditEntrySchema);
