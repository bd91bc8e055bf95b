/** One interface for every SMS gateway; the outbox records every message whatever the provider. */
export type SmsMessage = {
  to: string;
  body: string;
  purpose: string;
  /** A secret in the body (an OTP): masked in the stored copy when a real gateway sends it. */
  secret?: string;
  /**
   * Send at most once under this key (a job's SMS, keyed by the job): the outbox row is claimed
   * before the gateway is called, and a later try with the same key sends nothing unless the
   * earlier one failed.
   */
  once?: string;
};

export type SmsDelivery = { providerMessageId?: string };

export type SmsProvider = {
  name: string;
  /** Hands the message to the gateway; throws when the gateway refuses it. */
  deliver(message: SmsMessage): Promise<SmsDelivery>;
};
