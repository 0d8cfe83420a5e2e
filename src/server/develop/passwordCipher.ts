/**
 * Data-source passwords are stored encrypted (security rule 6): AES-256-GCM
 * under a key derived (HKDF) from the deployment's signing key, so a dump of
 * the table alone does not give the passwords away, and a stored value that
 * was changed in the database fails to open instead of being used.
 */
import crypto from 'node:crypto';

const VERSION = 'v1';

export interface PasswordCipher {
  seal(plain: string): string;
  /** The password, or undefined when the stored value cannot be opened (other key, tampered). */
  open(sealed: string): string | undefined;
}

export function createPasswordCipher(secret: Uint8Array): PasswordCipher {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.from('rsc-code-generator'), Buffer.from('blade_datasource.password'), 32));
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
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
