-- Codes for shop work: adding a team member, changing the shop or return phone, the payment method.
alter table otp_codes drop constraint otp_codes_purpose_check;
alter table otp_codes add constraint otp_codes_purpose_check check (
  purpose in (
    'login', 'registration', 'password_reset', 'staff_login',
    'team_invite', 'shop_phone_change', 'return_phone_change', 'payment_method'
  )
);
