import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a local receiver got it: the raw body, exactly as it came over the wire. */
export type Received = { path: string; headers: IncomingMessage['headers']; body: string };

type Answer = (req: IncomingMessage, res: ServerResponse, received: Received) => void;

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: it records every request and answers as
 * the test says, per path (200 `{"ok":true}` unless told otherwise).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, Answer[]>();
  const fallback = new Map<string, Answer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(got);
      const answer = answers.get(got.path)?.shift() ?? fallback.get(got.path);
      if (answer) answer(req, res, got);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    /** The next answers to `path`, in order; then `otherwise` (or 200). */
    answer(path: string, next: Answer[], otherwise?: Answer) {
      answers.set(path, [...next]);
      if (otherwise) fallback.set(path, otherwise);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export const status =
  (code: number, body = ''): Answer =>
  (_req, res) =>
    res.writeHead(code).end(body);

/** What a receiver does (the docs' snippet, written again here): true when the signature holds. */
export function verifyDakSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!t) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}
