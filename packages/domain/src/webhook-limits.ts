/** A shop's endpoints at most (live, not deleted). */
export const maxWebhookEndpoints = 10;
