import pg from 'pg';

/**
 * One process's ear on PostgreSQL for some channels: a dedicated connection (not the pool's)
 * that LISTENs, hands each NOTIFY to `heard`, and opens again a second after it is lost.
 * `connected` runs after every (re)connect: what was sent while the connection was down is not
 * heard, so a listener that keeps a cache reloads it there.
 */
export function createPgListener(deps: {
  connection: pg.ClientConfig;
  channels: readonly string[];
  name: string;
  heard: (channel: string, payload: string | undefined) => void;
  connected?: () => void;
  log: { warn(obj: object, message: string): void };
}) {
  let client: pg.Client | null = null;
  let stopped = true;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    if (stopped) return;
    const next = new pg.Client({ ...deps.connection, application_name: deps.name });
    const again = (error?: Error) => {
      if (error) deps.log.warn({ err: error }, `${deps.name}: listener connection lost`);
      if (client === next) client = null;
      next.removeAllListeners();
      next.on('error', () => {});
      next.end().catch(() => {});
      if (!stopped && !retry)
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, 1000);
    };
    next.on('notification', (msg) => deps.heard(msg.channel, msg.payload));
    next.on('error', again);
    next.on('end', () => again());
    try {
      await next.connect();
      for (const channel of deps.channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = next;
      deps.connected?.();
    } catch (error) {
      again(error as Error);
    }
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await connect();
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = undefined;
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => {});
        await open.end().catch(() => {});
      }
    },
    /** Whether the connection is up and listening. */
    get listening() {
      return client !== null;
    },
  };
}
