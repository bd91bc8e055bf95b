import type { PaymentMethodInput, PaymentMethodView } from '@dak/domain/payment-methods';
import { maskAccountNumber, maskWalletNumber } from '@dak/domain/payment-methods';
import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { FieldCipher } from '../../lib/field-cipher';
import type { OtpService } from '../auth/otp.service';
import type { BanksService } from './banks.service';
import { contextOf, encryptStoredNumbers, type SecretColumn } from './payment-methods.encryption';
import { createPaymentMethodsRepository, type PaymentMethodValues } from './payment-methods.repository';

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

/** Where a payout goes, in full (the numbers decrypted): for the payout run and its transfer files only. */
export type PayoutAccount = { shopId: string; updatedAt: Date } & (
  | { method: 'bank'; routingNumber: string; accountNumber: string; accountName: string }
  | { method: 'bkash'; walletNumber: string }
);

/** How many past changes a shop's payment screen shows. */
const historyLimit = 20;

/** "01712345678" → "017*****678": enough to recognise one's own phone. */
function maskPhone(stored: string): string {
  const local = `0${stored.replace(/^880/, '')}`;
  return `${local.slice(0, 3)}${'*'.repeat(local.length - 6)}${local.slice(-3)}`;
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path: `body.${field}`, message }] });
}

/**
 * Where Dak pays a shop. Reading shows the account number masked; setting or changing it needs
 * the code sent to the shop owner's phone, and every change is kept with who made it and when.
 * Full account numbers leave this service only towards the database, encrypted (AES-256-GCM with
 * the configured key, bound to the column and the shop), never in a response or a log.
 */
export function createPaymentMethodsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  otp: OtpService;
  banks: BanksService;
  cipher: FieldCipher;
}) {
  const repo = createPaymentMethodsRepository(deps.db);
  const { cipher } = deps;

  /** A stored number read back; a plain one is from before encryption, until the start-up pass. */
  function reveal(stored: string | null, column: SecretColumn, shopId: string): string | null {
    if (stored === null) return null;
    return cipher.keyIdOf(stored) === null ? stored : cipher.decrypt(stored, contextOf(column, shopId));
  }
  function seal(plain: string | null, column: SecretColumn, shopId: string): string | null {
    return plain === null ? null : cipher.encrypt(plain, contextOf(column, shopId));
  }

  async function owner(shopId: string) {
    const found = await repo.findShopOwner(shopId);
    if (!found) throw new AppError('NOT_FOUND', 'Shop not found');
    return found;
  }

  async function current(shopId: string): Promise<PaymentMethodView | null> {
    const row = await repo.findCurrent(shopId);
    if (!row) return null;
    const updatedBy = { userId: row.updated_by_user_id, name: row.updated_by_name };
    if (row.method === 'bkash') {
      return {
        method: 'bkash',
        walletNumberMasked: maskWalletNumber(reveal(row.wallet_number, 'wallet_number', shopId) ?? ''),
        updatedAt: row.updated_at,
        updatedBy,
      };
    }
    return {
      method: 'bank',
      bank: { id: row.bank_id ?? '', nameEn: row.bank_name_en ?? '', nameBn: row.bank_name_bn },
      branch: {
        id: row.branch_id ?? 0,
        nameEn: row.branch_name_en ?? '',
        nameBn: row.branch_name_bn,
        districtId: row.branch_district_id ?? '',
      },
      accountName: row.account_name ?? '',
      accountNumberMasked: maskAccountNumber(reveal(row.account_number, 'account_number', shopId) ?? ''),
      routingNumber: row.routing_number ?? '',
      updatedAt: row.updated_at,
      updatedBy,
    };
  }

  /** The stored columns of a valid method, or a VALIDATION_FAILED naming the field at fault. */
  async function toValues(input: PaymentMethodInput): Promise<PaymentMethodValues> {
    if (input.method === 'bkash') {
      return {
        method: 'bkash',
        bank_id: null,
        branch_id: null,
        account_name: null,
        account_number: null,
        routing_number: null,
        wallet_number: input.walletNumber,
      };
    }
    const found = await deps.banks.findUsableBranch(input.bankId, input.branchId);
    if ('problem' in found) {
      throw found.problem === 'bank'
        ? invalid('bankId', 'Choose a bank from the list')
        : invalid('branchId', 'Choose an active branch of this bank');
    }
    if (found.branch.routing_number !== input.routingNumber) {
      throw invalid('routingNumber', 'Routing number does not match the branch');
    }
    return {
      method: 'bank',
      bank_id: found.bank.id,
      branch_id: found.branch.id,
      account_name: input.accountName,
      account_number: input.accountNumber,
      routing_number: input.routingNumber,
      wallet_number: null,
    };
  }

  return {
    current,

    /** The start-up data migration: plain and old-key numbers to the current key (issue 11). */
    encryptStored: () => encryptStoredNumbers(deps.db, cipher),

    async get(shopId: string) {
      const [paymentMethod, rows] = await Promise.all([current(shopId), repo.history(shopId, historyLimit)]);
      return {
        paymentMethod,
        history: rows.map((r) => ({
          method: r.method,
          bankName: r.bank_name_en,
          accountNumberMasked: r.account_number
            ? maskAccountNumber(reveal(r.account_number, 'account_number', shopId) ?? '')
            : null,
          walletNumberMasked: r.wallet_number
            ? maskWalletNumber(reveal(r.wallet_number, 'wallet_number', shopId) ?? '')
            : null,
          changedAt: r.changed_at,
          changedBy: { userId: r.changed_by_user_id, name: r.changed_by_name },
        })),
      };
    },

    /**
     * The shops' current methods with the numbers decrypted, by shop (a shop without one is not
     * in the map), read on `executor` (the payout run's transaction, or the pool). Only the payout
     * run and its transfer files ask: the numbers go into the bank's and bKash's files, nowhere else.
     */
    async payoutAccounts(shopIds: string[], executor?: Executor): Promise<Map<string, PayoutAccount>> {
      const rows = await repo.findPayoutAccounts(shopIds, executor);
      const accounts = new Map<string, PayoutAccount>();
      for (const row of rows) {
        const base = { shopId: row.shop_id, updatedAt: row.updated_at };
        accounts.set(
          row.shop_id,
          row.method === 'bkash'
            ? {
                ...base,
                method: 'bkash',
                walletNumber: reveal(row.wallet_number, 'wallet_number', row.shop_id) ?? '',
              }
            : {
                ...base,
                method: 'bank',
                routingNumber: row.routing_number ?? '',
                accountNumber: reveal(row.account_number, 'account_number', row.shop_id) ?? '',
                accountName: row.account_name ?? '',
              },
        );
      }
      return accounts;
    },

    async hasPaymentMethod(shopId: string): Promise<boolean> {
      return Boolean(await repo.findCurrent(shopId));
    },

    /** Sends a 'payment_method' code to the shop owner's phone, whoever asks for it. */
    async requestOtp(input: { shopId: string; ip: string }) {
      const { phone } = await owner(input.shopId);
      const sent = await deps.otp.request({
        phone,
        purpose: 'payment_method',
        ip: input.ip,
        context: input.shopId,
      });
      return { ...sent, sentTo: maskPhone(phone) };
    },

    /**
     * Sets or changes the method. The input is checked first (a typo must not burn a code), then
     * the owner's code is checked and used up, then the method and its history row are written
     * in one transaction.
     */
    async update(input: {
      shopId: string;
      userId: string;
      method: PaymentMethodInput;
      code: string;
      ip: string;
    }) {
      const { phone } = await owner(input.shopId);
      const values = await toValues(input.method);
      await deps.otp.verify({
        phone,
        purpose: 'payment_method',
        context: input.shopId,
        code: input.code,
        consume: true,
      });
      await repo.save({
        shopId: input.shopId,
        userId: input.userId,
        values: {
          ...values,
          account_number: seal(values.account_number, 'account_number', input.shopId),
          wallet_number: seal(values.wallet_number, 'wallet_number', input.shopId),
        },
        now: deps.clock.now(),
        ip: input.ip,
      });
      const saved = await current(input.shopId);
      if (!saved) throw new Error('payment method vanished after saving');
      return saved;
    },
  };
}
