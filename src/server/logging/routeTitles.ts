/**
 * The title of an API log row: for a schema binding the register's title and
 * what the binding does (参数管理 提交, 用户 重置密码 …); for the
 * hand-written routes a fixed name; else the route itself.
 */
import type { OperationName } from '../../shared/entitySchema.js';
import type { EntityModel } from '../engine/entityModel.js';

const OPERATION_LABELS: Partial<Record<OperationName, string>> = {
  list: '查询',
  listAll: '查询',
  detail: '详情',
  tree: '查询',
  lazyTree: '查询',
  save: '新增',
  update: '修改',
  submit: '提交',
  remove: '删除',
  export: '导出',
  action: '操作',
};

const HAND_WRITTEN: Record<string, string> = {
  'POST /api/blade-auth/oauth/token': '登录',
  'POST /api/blade-auth/oauth/token/refresh': '刷新令牌',
  'GET /api/blade-auth/oauth/logout': '退出登录',
  'POST /api/blade-auth/oauth/logout': '退出登录',
  'POST /api/blade-auth/oauth/secret': '签发登录密钥',
  'POST /api/blade-system/user/register-guest': '注册账号',
  'POST /api/blade-system/user/update-info': '修改个人信息',
  'POST /api/blade-system/user/update-password': '修改密码',
  'POST /api/blade-resource/oss/endpoint/put-file-attach': '附件 上传',
  'POST /api/blade-log/error/local': '错误日志 上传浏览器日志',
};

export type RouteTitles = (method: string, route: string) => string;

export function routeTitles(models: EntityModel[]): RouteTitles {
  const titles = new Map<string, string>(Object.entries(HAND_WRITTEN));
  for (const model of models) {
    for (const binding of model.bindings) {
      const label = binding.ui?.label ?? OPERATION_LABELS[binding.op] ?? binding.name;
      titles.set(`${binding.method} ${binding.url}`, `${model.title} ${label}`);
    }
  }
  return (method, route) => titles.get(`${method} ${route}`) ?? route;
}
