-- An SMS sent by a job is claimed before the gateway is called (issue 11): a retry of the job after
-- its worker died finds the claim and does not send a second copy. `sending` is the claim while
-- the gateway answers; `unconfirmed` is a claim whose worker died before the answer (the gateway
-- may have sent it). A failed try does not hold the key, so the next try may send again.
alter table sms_outbox add column dedupe_key text;
alter table sms_outbox drop constraint sms_outbox_status_check;
alter table sms_outbox add constraint sms_outbox_status_check
  check (status in ('recorded', 'sent', 'failed', 'sending', 'unconfirmed'));
create unique index sms_outbox_once_idx on sms_outbox (dedupe_key) where status <> 'failed';
