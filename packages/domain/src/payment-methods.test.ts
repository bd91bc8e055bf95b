import { describe, expect, it } from 'vitest';
import {
  accountNumberSchema,
  maskAccountNumber,
  maskWalletNumber,
  paymentMethodInputSchema,
  paymentMethodUpdateSchema,
} from './payment-methods';

describe('account numbers', () => {
  it('takes 10 to 20 digits, dropping spaces and dashes', () => {
    expect(accountNumberSchema.parse('1234-5678 90')).toBe('1234567890');
    expect(accountNumberSchema.parse('1'.repeat(20))).toBe('1'.repeat(20));
    expect(accountNumberSchema.safeParse('123456789').error?.issues[0]?.message).toBe(
      'Account number must be 10 to 20 digits',
    );
    expect(accountNumberSchema.safeParse('1'.repeat(21)).success).toBe(false);
    expect(accountNumberSchema.safeParse('12345678ab').error?.issues[0]?.message).toBe(
      'Account number may contain digits only',
    );
    expect(accountNumberSchema.safeParse('').error?.issues[0]?.message).toBe('Account number is required');
  });

  it('masks all but the last four digits', () => {
    expect(maskAccountNumber('1234567890123')).toBe('*********0123');
    expect(maskAccountNumber('1234')).toBe('****');
    expect(maskWalletNumber('8801712345678')).toBe('*******5678');
  });
});

describe('payment method input', () => {
  const bank = {
    method: 'bank',
    bankId: 'dutch-bangla',
    branchId: 12,
    accountName: 'Karim Fashion',
    accountNumber: '1051100012345',
    routingNumber: '090261723',
  };

  it('accepts a bank account or a bKash wallet', () => {
    expect(paymentMethodInputSchema.parse(bank)).toMatchObject({ method: 'bank', branchId: 12 });
    expect(paymentMethodInputSchema.parse({ method: 'bkash', walletNumber: '01712-345678' })).toEqual({
      method: 'bkash',
      walletNumber: '8801712345678',
    });
  });

  it('refuses a half-filled bank account and a wallet that is not a BD mobile number', () => {
    expect(paymentMethodInputSchema.safeParse({ ...bank, routingNumber: undefined }).success).toBe(false);
    expect(paymentMethodInputSchema.safeParse({ method: 'bkash', walletNumber: '0212345678' }).success).toBe(
      false,
    );
    expect(paymentMethodInputSchema.safeParse({ method: 'cash' }).success).toBe(false);
  });

  it('needs the OTP to change it', () => {
    expect(paymentMethodUpdateSchema.safeParse(bank).error?.issues[0]?.message).toBe('OTP is required');
    expect(paymentMethodUpdateSchema.parse({ ...bank, code: '1234' })).toMatchObject({ code: '1234' });
  });
});
