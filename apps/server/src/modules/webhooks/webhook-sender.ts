import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { webhookSignatureHeader } from '@dak/domain/webhooks';
import type { WebhookTarget } from './webhook-address';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function webhookSignature(secret: string, t: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SendOutcome = {
  /** The receiver's HTTP status; null when it could not be reached or did not answer in time. */
  responseCode: number | null;
  /** The start of its answer (at most `maxChars`), or what went wrong on the way. */
  responseBody: string | null;
  durationMs: number;
  ok: boolean;
};

export type SendLimits = {
  /** For the whole exchange: connect, send, headers and as much of the body as is read. */
  timeoutMs: number;
  /** Characters of the answer kept; at most 4 bytes each are read (UTF-8), the rest never. */
  maxChars: number;
};

export const webhookUserAgent = 'Dak-Webhooks/1.0';

/**
 * One POST of a signed body to a checked address. The connection goes to `target.address`, the
 * address the URL check passed, whatever the name resolves to by now (DNS rebinding); https
 * still verifies the certificate against the URL's host name. Redirects are not followed (a 3xx
 * is a failure like any non-2xx). The answer is read up to the limit and the connection then
 * dropped, so a receiver that sends a huge body or trickles it costs at most the limits.
 */
export function sendWebhook(
  target: WebhookTarget,
  request: { body: string; headers: Record<string, string> },
  limits: SendLimits,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const maxBytes = limits.maxChars * 4;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': webhookUserAgent,
        },
      },
      (res) => {
        const code = res.statusCode ?? 0;
        const ok = code >= 200 && code < 300;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          finish({ ok, responseCode: code, responseBody: [...text].slice(0, limits.maxChars).join('') });
        };
        res.on('data', (chunk: Buffer) => {
          const room = maxBytes - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += Math.min(chunk.length, room);
          if (size >= maxBytes) {
            done();
            res.destroy();
            req.destroy();
          }
        });
        res.on('end', done);
        res.on('error', () => done());
      },
    );
    const timer = setTimeout(() => {
      finish({
        ok: false,
        responseCode: null,
        responseBody: `No complete answer within ${limits.timeoutMs} ms`,
      });
      req.destroy();
    }, limits.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        ok: false,
        responseCode: null,
        responseBody: `Could not deliver: ${error.code ?? error.message}`,
      });
    });
    req.end(request.body);
  });
}

/** The headers of one attempt; `t` is the attempt's time, so a retry is signed anew. */
export function webhookHeaders(input: {
  secret: string;
  t: number;
  body: string;
  event: string;
  eventId: string;
  deliveryId: string;
}): Record<string, string> {
  return {
    [webhookSignatureHeader]: webhookSignature(input.secret, input.t, input.body),
    'Dak-Event': input.event,
    'Dak-Event-Id': input.eventId,
    'Dak-Delivery': input.deliveryId,
  };
}
