import type { StaffRole } from '@dak/domain/auth';
import { crc32 } from '@dak/domain/nid';
import { normalizePhone } from '@dak/domain/phone';
import { hashPassword } from '../src/modules/auth/passwords';
import { lastOtp, registerMerchant, type TestApp, uniquePhone } from './helpers';

/** Factories for route tests of payments, NID, terms, flags and the console (issue 3). */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An API call as a client makes it: JSON in, bearer token when given. */
export function caller(t: TestApp) {
  return (method: Method, url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

const staffPassword = 'ops-secret-1';

/** A staff member of the given role, signed in through the console's two steps. */
export async function signInStaff(t: TestApp, role: StaffRole) {
  const phone = uniquePhone();
  const stored = normalizePhone(phone) ?? '';
  const row = await t.database.db
    .insertInto('staff')
    .values({ phone: stored, role, name: `Test ${role}`, password_hash: await hashPassword(staffPassword) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const call = caller(t);
  const login = await call('POST', '/ops/auth/login', undefined, { phone, password: staffPassword });
  if (login.statusCode !== 200) throw new Error(`staff login: ${login.statusCode} ${login.body}`);
  const verify = await call('POST', '/ops/auth/verify', undefined, {
    phone,
    code: await lastOtp(t.app, phone),
  });
  if (verify.statusCode !== 200) throw new Error(`staff verify: ${verify.statusCode} ${verify.body}`);
  return { id: row.id, phone, token: verify.json<{ token: string }>().token };
}

/** A registered merchant who is also an editor or viewer of `shopId`. */
export async function addMember(t: TestApp, shopId: string, role: 'editor' | 'viewer') {
  const member = await registerMerchant(t.app);
  await t.database.db
    .insertInto('shop_members')
    .values({ shop_id: shopId, user_id: member.user.id, role })
    .execute();
  return member;
}

// Images ---------------------------------------------------------------------------------------

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

export function pngChunk(type: string, data: Uint8Array) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([Buffer.from(be32(data.length)), body, Buffer.from(be32(crc32(body)))]);
}

/** A whole PNG; `padding` bytes of an ancillary chunk make it as big as a test needs. */
export function pngImage(padding = 0): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Uint8Array.from([...be32(1), ...be32(1), 8, 2, 0, 0, 0])),
    ...(padding > 0 ? [pngChunk('tEXt', new Uint8Array(padding).fill(0x41))] : []),
    pngChunk(
      'IDAT',
      Uint8Array.from([0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00]),
    ),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** A real 16×16 JPEG photo that decodes (the NID check decodes what it keeps). */
export function photoJpeg(): Buffer {
  return Buffer.from(
    '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABADASIAAhEBAxEB/8QAFwAAAwEAAAAAAAAAAAAAAAAAAQIEBf/EACAQAQABAgYDAAAAAAAAAAAAAAEAAhEEFCFxgdESMUH/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAHBEAAgAHAAAAAAAAAAAAAAAAAAIBBAZBYaHR/9oADAMBAAIRAxEAPwCvMUJohtbuBxFtRE4mW4jy+o89RcxWeldrxCVuuuBaZwf/2Q==',
    'base64',
  );
}

/** A JPEG's frame: SOI, a JFIF header, some scan bytes, EOI (right in shape, but no picture). */
export function jpegImage(scanBytes = 64): Buffer {
  return Buffer.concat([
    Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0,
    ]),
    Buffer.from([0xff, 0xda, 0x00, 0x08]),
    Buffer.alloc(scanBytes, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function webpImage(): Buffer {
  const payload = Buffer.from([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]);
  const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.from(le32(payload.length)), payload]);
  return Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from(le32(4 + chunk.length)),
    Buffer.from('WEBP'),
    chunk,
  ]);
}

export const pdfDocument = () =>
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; contentType: string; bytes: Buffer }[],
) {
  const boundary = `----dak${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
