import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  caller,
  jpegImage,
  multipart,
  pdfDocument,
  photoJpeg,
  pngChunk,
  pngImage,
  signInStaff,
  webpImage,
} from '../../../test/fixtures';
import { createTestApp, registerMerchant, type TestApp } from '../../../test/helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;
let filesDir: string;
beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'dak-nid-files-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  call = caller(t);
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

type File = { field: string; filename: string; contentType: string; bytes: Buffer };
const front = (bytes = pngImage(), contentType = 'image/png'): File => ({
  field: 'front',
  filename: 'front.png',
  contentType,
  bytes,
});
const back = (bytes = photoJpeg(), contentType = 'image/jpeg'): File => ({
  field: 'back',
  filename: 'back.jpg',
  contentType,
  bytes,
});

/** A PNG whose every chunk is whole with a right CRC, but whose IDAT is not a zlib stream. */
function garbagePng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(640, 0);
  ihdr.writeUInt32BE(480, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.alloc(2048, 0x5a)),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

function submit(shopId: string, token: string, fields: Record<string, string>, files: File[]) {
  const form = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/shops/${shopId}/nid`,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.push(path);
    }
  }
  await walk(filesDir);
  return out;
}

async function submissions() {
  return t.database.db.selectFrom('nid_submissions').selectAll().execute();
}

describe('refused uploads store nothing', () => {
  let merchant: Awaited<ReturnType<typeof registerMerchant>>;
  beforeAll(async () => {
    merchant = await registerMerchant(t.app);
  });
  const nidNumber = '1990123456789';

  it.each([
    [
      'a GIF',
      [front(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'image/gif'), back()],
      415,
      'FILE_TYPE_NOT_ALLOWED',
    ],
    [
      'a PDF declared as image/png',
      [front(pdfDocument(), 'image/png'), back()],
      415,
      'FILE_TYPE_NOT_ALLOWED',
    ],
    ['a file over 5 MB', [front(pngImage(5 * 1024 * 1024)), back()], 413, 'FILE_TOO_LARGE'],
    ['a truncated JPEG', [front(), back(photoJpeg().subarray(0, 40))], 400, 'FILE_CORRUPT'],
    // Right magic bytes and structure, no picture inside (issue 11): only decoding finds these.
    ['a JPEG header over a garbage body', [front(), back(jpegImage(4096))], 400, 'FILE_CORRUPT'],
    [
      'a JPEG cut short and closed with an end marker',
      [front(), back(Buffer.concat([photoJpeg().subarray(0, 250), Buffer.from([0xff, 0xd9])]))],
      400,
      'FILE_CORRUPT',
    ],
    [
      'a PNG whose image data is garbage with right checksums',
      [front(garbagePng()), back()],
      400,
      'FILE_CORRUPT',
    ],
    ['a truncated PNG', [front(pngImage().subarray(0, 50)), back()], 400, 'FILE_CORRUPT'],
    ['no back image', [front()], 400, 'FILE_REQUIRED'],
    ['an empty back image', [front(), back(Buffer.alloc(0))], 400, 'FILE_REQUIRED'],
  ] as const)('refuses %s', async (_label, files, status, code) => {
    const res = await submit(merchant.shop.id, merchant.token, { nidNumber }, [...files]);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await submissions()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a bad NID number, a JSON body, and a third file', async () => {
    const bad = await submit(merchant.shop.id, merchant.token, { nidNumber: '12345' }, [front(), back()]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('NID number must be 10, 13 or 17 digits');
    const json = await call('POST', `/shops/${merchant.shop.id}/nid`, merchant.token, { nidNumber });
    expect(json.statusCode).toBe(415);
    const three = await submit(merchant.shop.id, merchant.token, { nidNumber }, [
      front(),
      back(),
      { ...back(), field: 'extra' },
    ]);
    expect(three.statusCode).toBe(413);
    expect(await submissions()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it('does not let a viewer send one, nor anyone signed out', async () => {
    const viewer = await addMember(t, merchant.shop.id, 'viewer');
    const res = await submit(merchant.shop.id, viewer.token, { nidNumber }, [front(), back()]);
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/shops/${merchant.shop.id}/nid`,
      ...multipart({ nidNumber }, [front(), back()]),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await submissions()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    // A viewer may read the status.
    expect((await call('GET', `/shops/${merchant.shop.id}/nid`, viewer.token)).statusCode).toBe(200);
  });
});

describe('sending, reviewing and the profile step', () => {
  it('sends the NID, shows it pending and masked, and keeps payouts restricted', async () => {
    const merchant = await registerMerchant(t.app);
    const empty = await call('GET', `/shops/${merchant.shop.id}/nid`, merchant.token);
    expect(empty.json()).toMatchObject({
      status: 'not_submitted',
      canSubmit: true,
      restrictions: ['payouts', 'advance_payment'],
    });

    const res = await submit(merchant.shop.id, merchant.token, { nidNumber: '1990 1234 56789' }, [
      front(webpImage(), 'image/webp'),
      back(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'NID has been sent for verification',
      nid: {
        status: 'pending',
        nidNumberMasked: '*********6789',
        canSubmit: false,
        restrictions: ['payouts', 'advance_payment'],
      },
    });
    expect(res.body).not.toContain('1990123456789');
    const rows = await submissions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: merchant.user.id,
      nid_number: '1990123456789',
      status: 'pending',
    });
    // Two images, each with its content-type record.
    expect((await storedFiles()).length).toBe(4);

    const again = await submit(merchant.shop.id, merchant.token, { nidNumber: '1990123456789' }, [
      front(),
      back(),
    ]);
    expect(again.statusCode).toBe(409);
    expect((await storedFiles()).length).toBe(4);
    const skip = await call('POST', `/shops/${merchant.shop.id}/nid/skip`, merchant.token);
    expect(skip.statusCode).toBe(409);
  });

  it('lets the merchant skip for now', async () => {
    const merchant = await registerMerchant(t.app);
    const res = await call('POST', `/shops/${merchant.shop.id}/nid/skip`, merchant.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'not_submitted', canSubmit: true });
    expect(res.json().skippedAt).not.toBeNull();
    const rows = await t.database.db
      .selectFrom('nid_skips')
      .selectAll()
      .where('user_id', '=', merchant.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is reviewed by staff: approval completes the profile step, failure shows the reason', async () => {
    const merchant = await registerMerchant(t.app);
    const sent = await submit(merchant.shop.id, merchant.token, { nidNumber: '8712345678' }, [
      front(),
      back(),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const support = await signInStaff(t, 'support');

    const queue = await call('GET', '/ops/nid?status=pending', support.token);
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().items.find((i: { user: { id: string } }) => i.user.id === merchant.user.id);
    expect(item).toMatchObject({
      status: 'pending',
      nidNumber: '8712345678',
      user: { fullName: 'Md. Karim Hossain', dateOfBirth: '1992-03-14' },
      shop: { id: merchant.shop.id },
    });

    const image = await t.app.inject({
      method: 'GET',
      url: item.images.front,
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.equals(pngImage())).toBe(true);
    const backImage = await call('GET', `/ops/nid/${item.id}/image/back`, support.token);
    expect(backImage.headers['content-type']).toBe('image/jpeg');

    // The merchant cannot open the console's routes, nor a hub manager the review queue.
    expect((await call('GET', item.images.front.replace('/api/v1', ''), merchant.token)).statusCode).toBe(
      403,
    );
    const hub = await signInStaff(t, 'hub_manager');
    expect((await call('GET', '/ops/nid', hub.token)).statusCode).toBe(403);
    expect((await call('POST', `/ops/nid/${item.id}/approve`, hub.token)).statusCode).toBe(403);
    expect((await call('POST', `/ops/nid/${item.id}/approve`, merchant.token)).statusCode).toBe(403);

    // Failed first, with a reason the merchant sees; then sent again and approved.
    const failed = await call('POST', `/ops/nid/${item.id}/fail`, support.token, {
      reason: 'The photo is blurred',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await call('POST', `/ops/nid/${item.id}/approve`, support.token)).statusCode).toBe(409);
    const seen = await call('GET', `/shops/${merchant.shop.id}/nid`, merchant.token);
    expect(seen.json()).toMatchObject({ status: 'failed', reason: 'The photo is blurred', canSubmit: true });

    const profile = () => call('GET', `/shops/${merchant.shop.id}/profile-completion`, merchant.token);
    const stepNid = async () =>
      (await profile()).json().steps.find((s: { key: string }) => s.key === 'nid')?.done as boolean;
    expect(await stepNid()).toBe(false);

    const resent = await submit(merchant.shop.id, merchant.token, { nidNumber: '8712345678' }, [
      front(),
      back(),
    ]);
    expect(resent.statusCode).toBe(201);
    expect(await stepNid()).toBe(false);
    const pending = (await call('GET', '/ops/nid', support.token)).json().items;
    const next = pending.find((i: { user: { id: string } }) => i.user.id === merchant.user.id);
    const approved = await call('POST', `/ops/nid/${next.id}/approve`, support.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ id: next.id, status: 'verified' });
    expect(await stepNid()).toBe(true);
    // Each decision told the merchant (issue 14), newest first.
    const told = (await call('GET', `/shops/${merchant.shop.id}/notifications`, merchant.token)).json();
    expect(
      told.items.map((n: { kind: string; params: object; link: string }) => [n.kind, n.params, n.link]),
    ).toEqual([
      ['nid_decided', { decision: 'approved' }, '/nid'],
      ['nid_decided', { decision: 'rejected', reason: 'The photo is blurred' }, '/nid'],
    ]);

    const verified = (await call('GET', `/shops/${merchant.shop.id}/nid`, merchant.token)).json();
    expect(verified).toMatchObject({ status: 'verified', restrictions: [], canSubmit: false });
    expect(verified.history.map((h: { status: string }) => h.status)).toEqual(['verified', 'failed']);

    const decided = await call('GET', '/ops/nid?status=verified', support.token);
    expect(decided.json().items[0]).toMatchObject({ id: next.id, reviewedBy: { staffId: support.id } });
    expect(
      (await call('POST', '/ops/nid/00000000-0000-4000-8000-000000000000/approve', support.token)).statusCode,
    ).toBe(404);
  });
});
