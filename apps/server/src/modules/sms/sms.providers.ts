import type { Config } from '../../config';
import type { SmsProvider } from './sms.types';

/**
 * BulkSMSBD, a Bangladeshi gateway with a published HTTP API: GET {apiUrl}?api_key&type=text
 * &number&senderid&message, answering JSON whose response_code 202 means accepted. Numbers go in
 * the 880… form we store. Anything else (another code, a non-JSON body, an HTTP error, a
 * timeout) is a failure with the gateway's own words.
 */
export function createBulkSmsBdProvider(options: {
  apiUrl: string;
  apiKey: string;
  senderId: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): SmsProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    name: 'bulksmsbd',
    async deliver(message) {
      const url = new URL(options.apiUrl);
      url.searchParams.set('api_key', options.apiKey);
      url.searchParams.set('type', 'text');
      url.searchParams.set('number', message.to);
      url.searchParams.set('senderid', options.senderId);
      url.searchParams.set('message', message.body);
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
      const text = await response.text();
      if (!response.ok) throw new Error(`bulksmsbd: HTTP ${response.status}`);
      let body: { response_code?: number; message_id?: number | string; error_message?: string };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        throw new Error('bulksmsbd: the gateway did not answer with JSON');
      }
      if (Number(body.response_code) !== 202) {
        throw new Error(`bulksmsbd: code ${body.response_code ?? '?'} ${body.error_message ?? ''}`.trim());
      }
      return body.message_id === undefined ? {} : { providerMessageId: String(body.message_id) };
    },
  };
}

/** The configured provider, or null for the local default (record in the outbox only). */
export function createSmsProvider(config: Config['sms']): SmsProvider | null {
  switch (config.provider) {
    case 'outbox':
      return null;
    case 'bulksmsbd':
      return createBulkSmsBdProvider(config);
  }
}
