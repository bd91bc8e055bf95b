import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption of single sensitive values at rest (bank and wallet account numbers): AES-256-GCM,
 * a fresh 96-bit nonce per value, and the key's id stored with the ciphertext, so keys can be
 * rotated: a new key encrypts, the old ones still decrypt until every row is re-encrypted.
 *
 * Stored form: `enc:v1:<keyId>:<base64url(nonce | tag | ciphertext)>`. The context (which column
 * of which shop) is authenticated, not stored: a value copied to another shop's row or another
 * column no longer decrypts.
 */
export type DataKeys = { currentKeyId: string; keys: Record<string, Buffer> };

const prefix = 'enc:v1:';

export type FieldCipher = {
  encrypt(plain: string, context: string): string;
  decrypt(stored: string, context: string): string;
  /** The id of the key a stored value was encrypted with; null for a plain (legacy) value. */
  keyIdOf(stored: string): string | null;
  currentKeyId: string;
};

export class UnknownDataKeyError extends Error {
  constructor(readonly keyId: string) {
    super(
      `A stored value is encrypted with key "${keyId}", which is not configured: add it to ` +
        'DATA_ENCRYPTION_OLD_KEYS (see docs/operations.md, "Rotating the data encryption key")',
    );
  }
}

export function createFieldCipher(dataKeys: DataKeys): FieldCipher {
  const current = dataKeys.keys[dataKeys.currentKeyId];
  if (current?.length !== 32) throw new Error('the current data encryption key must be 32 bytes');

  function keyIdOf(stored: string): string | null {
    if (!stored.startsWith(prefix)) return null;
    const end = stored.indexOf(':', prefix.length);
    return end === -1 ? null : stored.slice(prefix.length, end);
  }

  return {
    currentKeyId: dataKeys.currentKeyId,
    keyIdOf,
    encrypt(plain, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const packed = Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
      return `${prefix}${dataKeys.currentKeyId}:${packed}`;
    },
    decrypt(stored, context) {
      const keyId = keyIdOf(stored);
      if (keyId === null) throw new Error('not an encrypted value');
      const key = dataKeys.keys[keyId];
      if (!key) throw new UnknownDataKeyError(keyId);
      const packed = Buffer.from(stored.slice(prefix.length + keyId.length + 1), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, packed.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(packed.subarray(12, 28));
      return Buffer.concat([decipher.update(packed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
