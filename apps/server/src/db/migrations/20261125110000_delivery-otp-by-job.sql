-- The customer's delivery code is made by the send-parcel-sms job when it texts the customer,
-- after the move to out_for_delivery has committed (so no code is ever written into the job
-- queue's rows). Until then the parcel is on the run without a code: no hash.
alter table delivery_run_parcels alter column otp_hash drop not null;
