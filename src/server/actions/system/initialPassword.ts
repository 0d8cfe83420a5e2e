/**
 * The password a new or reset account starts with, per tenant: the tenant's
 * parameter account.initPassword (a plain password), or — when that
 * parameter says `random`, as seeded — a random password for each account,
 * which the answer shows once; without the parameter, SpringBlade's 123456.
 * Stored like any password: argon2id of its md5.
 */
import crypto from 'node:crypto';
import { hashPassword, md5Hex } from '../../auth/passwords.js';
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';

export const INIT_PASSWORD_PARAM = 'account.initPassword';
export const DEFAULT_INIT_PASSWORD = '123456';
const RANDOM = 'random';

export interface InitialPassword {
  /** argon2id of the md5, to store. */
  hash: string;
  /** The plain password when it was generated (to show once); undefined when it is the tenant's known one. */
  generated?: string;
}

export interface InitialPasswordRule {
  /** True when every account gets its own random password (shown once). */
  isRandom: boolean;
  /** One password (a fresh salt each time). */
  make(): Promise<InitialPassword>;
}

/** Reads the tenant's rule once. */
export async function initialPasswordRule(ctx: LocalContext, tx: DbClient): Promise<InitialPasswordRule> {
  const [param] = await localApi(ctx, tx)
    .tenantWide()
    .find('system/param', { where: { paramKey: INIT_PASSWORD_PARAM }, sort: ['id asc'], limit: 1 });
  const configured = param?.paramValue?.trim();
  if (configured && configured.toLowerCase() === RANDOM) {
    return {
      isRandom: true,
      make: async () => {
        const generated = randomPassword();
        return { hash: await hashPassword(md5Hex(generated)), generated };
      },
    };
  }
  const plain = configured || DEFAULT_INIT_PASSWORD;
  return { isRandom: false, make: async () => ({ hash: await hashPassword(md5Hex(plain)) }) };
}

/** 12 characters from an alphabet without look-alikes (0/O, 1/l/I). */
function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: 12 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
}
