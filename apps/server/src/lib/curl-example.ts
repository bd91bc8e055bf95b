/**
 * A curl example for a route's OpenAPI description (the developer API's reference, issue 15): an
 * indented code block against https://dak.example, with `$SHOP` for the shop id and `$TOKEN` for
 * an API key's token (`$SESSION` for the owner's sign-in on the key-management routes).
 *
 *     description: 'Books one parcel.\n\n' + curlExample('POST', '/shops/$SHOP/parcels', { body })
 */
export function curlExample(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { token?: '$TOKEN' | '$SESSION' | null; headers?: Record<string, string>; body?: unknown } = {},
): string {
  const token = options.token === undefined ? '$TOKEN' : options.token;
  const url = `https://dak.example/api/v1${path}`;
  const lines = [method === 'GET' ? `curl ${quoted(url)}` : `curl -X ${method} ${quoted(url)}`];
  const headers = [
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    ...(options.body === undefined ? [] : ['Content-Type: application/json']),
  ];
  if (headers.length) lines.push(headers.map((h) => `-H "${h}"`).join(' '));
  if (options.body !== undefined) lines.push(`-d '${JSON.stringify(options.body)}'`);
  return lines.map((line, i) => `    ${i ? '  ' : ''}${line}`).join(' \\\n');
}

/** A URL with a query string is quoted for the shell; a plain one reads better bare. */
function quoted(url: string): string {
  return /[?&]/.test(url) ? `"${url}"` : url;
}
