-- Account and wallet numbers are stored encrypted (AES-256-GCM, lib/field-cipher.ts, issue 11):
-- a ciphertext is no string of digits, so the digit checks go; the input schema keeps them. Rows
-- written before this are encrypted by the payment-methods module when the app starts
-- (payment-methods.encryption.ts), which also moves rows to the current key after a rotation.
alter table shop_payment_methods drop constraint shop_payment_methods_account_number_check;
alter table shop_payment_methods drop constraint shop_payment_methods_wallet_number_check;
