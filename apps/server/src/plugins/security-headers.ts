import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every response (docs/decisions.md, "Security headers").
 * - script-src 'self': only our own built files run; no inline script, no eval. The public site
 *   hands its props over in a `<script type="application/json">` block, which is data, not script.
 * - style-src: the panel and console use antd, whose CSS-in-JS writes `<style>` elements at run
 *   time (as do @ant-design/icons and react-toastify), so they need 'unsafe-inline' for styles.
 *   The public site has no antd and no inline styles: its pages get `style-src 'self'` (sitePolicy).
 * - img-src data: and blob: for antd's inline SVG images and the previews of picked files (NID,
 *   delivery proofs); media-src blob: for call recordings played from a fetched file; font-src
 *   data: for the small font files the build inlines into the CSS.
 */
function policy(styleSrc: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src ${styleSrc}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The single-page app (panel, console, rider screens) and everything else served. */
export const appPolicy = policy("'self' 'unsafe-inline'");
/** The server-rendered public site: no inline style either. */
export const sitePolicy = policy("'self'");

/** Two years, the preload list's minimum; sub-domains are the operator's to add (docs/operations.md). */
export const hstsValue = 'max-age=63072000';

/**
 * The headers every response carries, set in one place: the request id, `cache-control: no-store`
 * on an /api answer that did not set its own (reference data may be cached), and the security
 * headers. A route that needs a stricter policy (the public site) sets its own
 * `content-security-policy` first; it is kept. HSTS only in production: a development server on
 * http://localhost must not teach the browser to insist on https there.
 */
export function registerResponseHeaders(app: FastifyInstance, options: { production: boolean }) {
  // The same values on every response, so the set is built once, with the app's policy and
  // without for a route that set its own. One callback hook, not two and not async: no promise
  // and one hook call per response (issue 16, hot reads).
  const fixed: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    // The hub scanner reads barcodes through the camera; nothing else needs a device.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
    ...(options.production ? { 'strict-transport-security': hstsValue } : {}),
  };
  const fixedWithPolicy: Record<string, string> = { 'content-security-policy': appPolicy, ...fixed };
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
    reply.headers(reply.hasHeader('content-security-policy') ? fixed : fixedWithPolicy);
    done(null, payload);
  });
}
