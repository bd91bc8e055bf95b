/**
 * The receiver's check of a delivery (issue 15: "receivers verify with a 10-line snippet"), shown
 * on the Webhooks tab to copy. Kept as text in one place; webhooks.test.tsx runs this very text
 * against a signature made the way the contract says, so the page never shows a check that fails.
 */
export const verifySnippet = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (string or Buffer), before JSON.parse.
export function verifyDakSignature(rawBody, header, secret, now = Date.now()) {
  const parts = Object.fromEntries(String(header).split(',').map((part) => part.trim().split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 5 * 60) return false; // older than 5 minutes
  const expected = Buffer.from(createHmac('sha256', secret).update(\`\${parts.t}.\${rawBody}\`).digest('hex'));
  const given = Buffer.from(String(parts.v1 ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;
