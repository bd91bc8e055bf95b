import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** The API the components talk to, answered per test with `server.use(...)`. */
export const server = setupServer();

/** What a component sent: each request's URL and JSON body, in order. */
export function recordRequests() {
  const seen: { method: string; url: URL; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const body =
      request.method === 'GET'
        ? undefined
        : await request
            .clone()
            .json()
            .catch(() => undefined);
    seen.push({ method: request.method, url: new URL(request.url), body });
  });
  return seen;
}

export { HttpResponse, http };
