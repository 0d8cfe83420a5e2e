/** The signed-in user's own record (platform-core §7: user/info, update-info, update-password). */
import SparkMD5 from 'spark-md5';
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';

export interface UserProfile {
  id: string;
  account: string;
  name: string;
  realName: string;
  avatar?: string | null;
  phone?: string | null;
  email?: string | null;
  roleName?: string | null;
  deptName?: string | null;
}

export type ProfileChanges = Pick<UserProfile, 'name' | 'realName' | 'avatar' | 'phone' | 'email'>;

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export async function fetchProfile(): Promise<UserProfile> {
  return (await request<Envelope<UserProfile>>({ url: '/blade-system/user/info' })).data.data;
}

export async function updateProfile(changes: ProfileChanges): Promise<UserProfile> {
  return (await request<Envelope<UserProfile>>({ url: '/blade-system/user/update-info', method: 'POST', data: changes })).data.data;
}

/** Passwords travel as md5, as at sign-in; the parameters go in the query as Saber sends them. */
export async function updatePassword(change: PasswordChange): Promise<string> {
  const response = await request<Envelope<null>>({
    url: '/blade-system/user/update-password',
    method: 'POST',
    params: {
      oldPassword: SparkMD5.hash(change.oldPassword),
      newPassword: SparkMD5.hash(change.newPassword),
      newPassword1: SparkMD5.hash(change.newPassword1),
    },
  });
  return response.data.msg;
}
