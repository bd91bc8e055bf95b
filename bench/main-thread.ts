import type { Browser, Page } from 'playwright-core';

/**
 * Where one cold visit's main thread went (BENCH_TRACE=/dashboard): a Chromium trace of the visit,
 * summed by kind of work and by script, and the long tasks in order, with their biggest part. The
 * question it answers is what a page's first paint waits for once the network is not the limit:
 * a script's compile and first run, React's render, style and layout.
 */

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string; isMainFrame?: boolean } };
};

const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

/** The work a task is made of, as the trace names it, grouped the way DevTools' summary does. */
const kinds: Record<string, string> = {
  EvaluateScript: 'script: first run',
  'v8.evaluateModule': 'script: first run',
  'v8.compile': 'script: compile',
  'v8.compileModule': 'script: compile',
  'v8.produceModuleCache': 'script: compile',
  FunctionCall: 'script: callbacks',
  TimerFire: 'script: callbacks',
  EventDispatch: 'script: callbacks',
  FireAnimationFrame: 'script: callbacks',
  RunMicrotasks: 'script: callbacks',
  ParseHTML: 'HTML',
  ParseAuthorStyleSheet: 'style sheets',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
};

const shortUrl = (url?: string) =>
  url ? (url.split('/').pop() ?? url).replace(/-[\w-]{8}\.js$/, '.js') : '';

export async function traceVisit(browser: Browser, page: Page, visit: () => Promise<void>) {
  await browser.startTracing(page, { categories, screenshots: false });
  await visit();
  const buffer = await browser.stopTracing();
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  return summarise(events);
}

function summarise(events: TraceEvent[]) {
  const threadName = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  }
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isMainFrame !== false &&
      threadName.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
  );
  // The renderer main thread that ran the page: the one with the most script.
  const perThread = new Map<string, number>();
  for (const e of events) {
    if (e.ph === 'X' && (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule')) {
      const key = `${e.pid}:${e.tid}`;
      perThread.set(key, (perThread.get(key) ?? 0) + (e.dur ?? 0));
    }
  }
  const main = [...perThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const own = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const zero = navigation?.ts ?? own[0]?.ts ?? 0;
  const ms = (us: number) => Math.round(us / 1000);

  // Self time by kind: each event's duration less its children's, children being the events that
  // start and end inside it on the same thread.
  const byKind = new Map<string, number>();
  const byScript = new Map<string, number>();
  const stack: TraceEvent[] = [];
  const childTime = new Map<TraceEvent, number>();
  const tasks: { start: number; dur: number; parts: Map<string, number> }[] = [];
  const finish = (e: TraceEvent) => {
    const self = (e.dur ?? 0) - (childTime.get(e) ?? 0);
    const kind = kinds[e.name];
    if (kind) {
      byKind.set(kind, (byKind.get(kind) ?? 0) + self);
      const task = tasks.at(-1);
      if (task) task.parts.set(kind, (task.parts.get(kind) ?? 0) + self);
    }
    const url = shortUrl(e.args?.data?.url);
    if (url && kind?.startsWith('script'))
      byScript.set(url, (byScript.get(url) ?? 0) + (e.dur ?? 0) - (childTime.get(e) ?? 0));
  };
  for (const e of own) {
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as TraceEvent;
      if (e.ts < top.ts + (top.dur ?? 0)) break;
      stack.pop();
      finish(top);
    }
    const parent = stack.at(-1);
    if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + (e.dur ?? 0));
    else if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
      tasks.push({ start: e.ts, dur: e.dur ?? 0, parts: new Map() });
    stack.push(e);
  }
  while (stack.length > 0) finish(stack.pop() as TraceEvent);

  const sorted = (map: Map<string, number>) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).filter(([, us]) => us >= 5000);
  const lines = [
    '| main thread, by kind | ms |',
    '| --- | ---: |',
    ...sorted(byKind).map(([kind, us]) => `| ${kind} | ${ms(us)} |`),
    '',
    '| script (compile, first run, callbacks) | ms |',
    '| --- | ---: |',
    ...sorted(byScript).map(([url, us]) => `| \`${url}\` | ${ms(us)} |`),
    '',
    '| long task: start ms | ms | biggest parts |',
    '| ---: | ---: | --- |',
    ...tasks
      .filter((t) => t.dur >= 50_000)
      .map(
        (t) =>
          `| ${ms(t.start - zero)} | ${ms(t.dur)} | ${sorted(t.parts)
            .slice(0, 3)
            .map(([kind, us]) => `${kind} ${ms(us)}`)
            .join(', ')} |`,
      ),
  ];
  return lines.join('\n');
}
