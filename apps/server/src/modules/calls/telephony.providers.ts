import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The telephony provider behind a small interface: where the provider keeps a call's recording
 * we fetch it from its HTTP API (GET with the API key as a bearer token). Only URLs under the
 * configured API base are fetched, so a webhook cannot make us download from anywhere else.
 * Without a configured provider, recordings can still arrive inline in the webhook.
 */
export type TelephonyProvider = {
  name: string;
  fetchRecording(url: string): Promise<{ bytes: Buffer; contentType: string }>;
};

const audioTypes = new Set(['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/ogg']);
/** A 45-minute call at 64 kbit/s is about 22 MB. */
export const maxRecordingBytes = 25 * 1024 * 1024;

export function createHttpTelephonyProvider(options: {
  apiUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): TelephonyProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = new URL(options.apiUrl);
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return {
    name: 'http',
    async fetchRecording(raw) {
      const url = new URL(raw);
      if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) {
        throw new Error('telephony: the recording URL is not on the provider');
      }
      const response = await fetchImpl(url, {
        headers: { authorization: `Bearer ${options.apiKey}` },
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      if (!response.ok) throw new Error(`telephony: HTTP ${response.status}`);
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      if (!audioTypes.has(contentType)) throw new Error(`telephony: not audio (${contentType || 'no type'})`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length === 0 || bytes.length > maxRecordingBytes) {
        throw new Error('telephony: the recording is empty or too large');
      }
      return { bytes, contentType: contentType === 'audio/x-wav' ? 'audio/wav' : contentType };
    },
  };
}

/** The provider's signature: hex HMAC-SHA256 of `${timestamp}.${raw body}` with the shared secret. */
export function telephonySignature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.replace(/^sha256=/, ''), 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
