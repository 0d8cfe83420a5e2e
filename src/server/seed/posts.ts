/**
 * Demo posts of every demo tenant: the positions a county water bureau and
 * its reservoir stations staff (category from the post_category dictionary).
 * Idempotent: looked up by code, only missing ones are written.
 */
import { nextId } from '../db/ids.js';
import type { Queryable } from '../db/pool.js';
import { insertRows } from './insertRows.js';

interface PostSeed {
  postCode: string;
  postName: string;
  category: 1 | 2 | 3 | 4;
  remark: string;
}

export const demoPosts: PostSeed[] = [
  { postCode: 'leader', postName: '负责人', category: 1, remark: '单位或水库的行政责任人' },
  { postCode: 'technician', postName: '技术负责人', category: 2, remark: '水库技术责任人，负责技术指导与安全鉴定配合' },
  { postCode: 'patroller', postName: '巡查员', category: 3, remark: '水库巡查责任人，按规定频次巡视检查' },
  { postCode: 'keeper', postName: '管护员', category: 3, remark: '日常管护、设施维修养护与保洁' },
];

export async function seedPosts(db: Queryable, tenantId: string): Promise<void> {
  const present = new Set(
    (await db.query<{ post_code: string }>('SELECT post_code FROM blade_post WHERE tenant_id = $1 AND is_deleted = 0', [tenantId])).rows.map(
      (r) => r.post_code,
    ),
  );
  const rows = demoPosts
    .map((post, index) => ({ post, sort: index + 1 }))
    .filter(({ post }) => !present.has(post.postCode))
    .map(({ post, sort }) => [nextId(), tenantId, post.category, post.postCode, post.postName, sort, post.remark]);
  await insertRows(db, 'blade_post', ['id', 'tenant_id', 'category', 'post_code', 'post_name', 'sort', 'remark'], rows);
}
