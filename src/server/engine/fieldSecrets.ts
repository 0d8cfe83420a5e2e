/**
 * Secret fields (`x-encrypted`: storage keys, SMS keys, camera platform secrets, data-source
 * passwords) are stored sealed (security rule 6): AES-256-GCM under a key derived (HKDF) per
 * column from the deployment's signing key, so a dump of the tables alone gives no secret away,
 * and a stored value changed in the database fails to open instead of being used.
 *
 * The engine seals on every insert and update; server code that needs a secret (the storage
 * layer, a data-source connection) opens it. Values stored before a field was encrypted are
 * sealed at start (sealStoredPlainSecrets). Kept per database pool, i.e. per application,
 * because tests run several applications in one process.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/pool.js';
import type { EntityModel } from './entityModel.js';
import { quoteIdent } from './naming.js';

const VERSION = 'v1';
/** What a sealed value looks like; anything else in an encrypted column was stored before it was. */
const SEALED_FORMAT = /^v1:[A-Za-z0-9+/=]{16}:[A-Za-z0-9+/=]{24}:[A-Za-z0-9+/=]*$/;
/** Historical name: the code generator's data-source passwords were the first sealed column; kept so they still open. */
const KEY_SALT = Buffer.from('rsc-code-generator');

export interface FieldCipher {
  seal(plain: string): string;
  /** The plain value, or undefined when the stored value cannot be opened (other key, tampered). */
  open(sealed: string): string | undefined;
}

function cipherFor(secret: Uint8Array, table: string, column: string): FieldCipher {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, KEY_SALT, Buffer.from(`${table}.${column}`), 32));
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open(sealed) {
      if (!SEALED_FORMAT.test(sealed)) return undefined;
      const [, iv, tag, body] = sealed.split(':');
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

export interface FieldSecrets {
  /** The cipher of one column (`blade_datasource`, `password`). */
  cipher(table: string, column: string): FieldCipher;
}

export function createFieldSecrets(secret: Uint8Array): FieldSecrets {
  const ciphers = new Map<string, FieldCipher>();
  return {
    cipher(table, column) {
      const name = `${table}.${column}`;
      let cipher = ciphers.get(name);
      if (!cipher) ciphers.set(name, (cipher = cipherFor(secret, table, column)));
      return cipher;
    },
  };
}

const installed = new WeakMap<Db, FieldSecrets>();

export function installFieldSecrets(db: Db, secrets: FieldSecrets): void {
  installed.set(db, secrets);
}

export function fieldSecretsOf(db: Db): FieldSecrets {
  const secrets = installed.get(db);
  if (!secrets) throw new Error('No field secrets were installed on this application (installFieldSecrets)');
  return secrets;
}

type Row = Record<string, unknown>;

/** The row to write with its encrypted fields sealed (an empty value stays empty: nothing to hide). */
export function sealSecretFields(db: Db, model: EntityModel, data: Row): Row {
  const encrypted = model.fields.filter((field) => field.isEncrypted && typeof data[field.name] === 'string' && data[field.name] !== '');
  if (encrypted.length === 0) return data;
  const sealed = { ...data };
  for (const field of encrypted)
    sealed[field.name] = fieldSecretsOf(db)
      .cipher(model.table, field.column)
      .seal(data[field.name] as string);
  return sealed;
}

/** Seals, once, the values of encrypted columns that were stored in plain (before the field was encrypted, or by a seed). */
export async function sealStoredPlainSecrets(db: Db, models: EntityModel[], secrets: FieldSecrets): Promise<number> {
  let count = 0;
  for (const model of models) {
    for (const field of model.fields.filter((f) => f.isEncrypted)) {
      const table = quoteIdent(model.table);
      const column = quoteIdent(field.column);
      const rows = await db.query<{ id: string; value: string }>(
        `SELECT "id"::text AS id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND ${column} <> ''`,
      );
      const cipher = secrets.cipher(model.table, field.column);
      for (const row of rows.rows.filter((r) => !SEALED_FORMAT.test(r.value))) {
        // Only where the plain value is still the one read: a concurrent write wins.
        const updated = await db.query(`UPDATE ${table} SET ${column} = $1 WHERE "id" = $2 AND ${column} = $3`, [cipher.seal(row.value), row.id, row.value]);
        count += updated.rowCount ?? 0;
      }
    }
  }
  return count;
}
