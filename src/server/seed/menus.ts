/**
 * Demo menu tree, button permission codes and top menus of the Reservoir Safety Console.
 *
 * Plain seed data (no logic): covers every console route of platform-core §2 and business-domain §2
 * that is reached from a menu, plus the administration registers of platform-core §1/§7 and the
 * business registers of business-domain §7. Detail/add/edit pages hang under their list as
 * `hideMenu` children. Codes are unique across menus and buttons; buttons use `<menuCode>_<action>`.
 *
 * Roles: `administrator` implicitly sees and may do everything. Top-level menus list their roles;
 * children narrow them where needed (never widen). Button `roles` are set where the default
 * ("every role that sees the menu") would give a write to a role that should only read.
 */
import type { DemoRoleAlias, MenuSeed, TopMenuSeed } from './seedTypes.js';

/** Every demo role except the implied administrator. */
const ALL_STAFF: DemoRoleAlias[] = ['farm_admin', 'subject_admin', 'river_chief', 'inspector'];
/** Reservoir administrators at city/county level. */
const MANAGERS: DemoRoleAlias[] = ['farm_admin', 'subject_admin'];
const MANAGERS_AND_INSPECTOR: DemoRoleAlias[] = ['farm_admin', 'subject_admin', 'inspector'];
const MANAGERS_AND_CHIEF: DemoRoleAlias[] = ['farm_admin', 'subject_admin', 'river_chief'];
/** Platform-level administration: only the administrator. */
const ADMIN_ONLY: DemoRoleAlias[] = ['administrator'];

export const demoMenus: MenuSeed[] = [
  // ─────────────────────────────── 工作台 ───────────────────────────────
  {
    code: 'desk', name: '工作台', nameEn: 'Workbench', path: '/wel', source: 'HomeOutlined', sort: 1,
    roles: ALL_STAFF,
    children: [
      { code: 'wel', name: '我的工作台', nameEn: 'My workbench', path: '/wel/index', source: 'DesktopOutlined', sort: 1 },
      { code: 'dashboard', name: '控制台', nameEn: 'Dashboard', path: '/wel/dashboard', source: 'DashboardOutlined', sort: 2, alias: 'hideMenu' },
      {
        code: 'info', name: '个人信息', nameEn: 'Personal info', path: '/info/index', source: 'UserOutlined', sort: 3,
        children: [
          { code: 'info_user', name: '用户资料', nameEn: 'User profile', path: '/userInfo', source: 'IdcardOutlined', sort: 1, alias: 'hideMenu' },
          { code: 'info_security', name: '安全设置', nameEn: 'Security settings', path: '/securitySetting', source: 'LockOutlined', sort: 2, alias: 'hideMenu' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 消息中心 ───────────────────────────────
  {
    code: 'message_center', name: '消息中心', nameEn: 'Message centre', path: '/message', source: 'BellOutlined', sort: 2,
    roles: ALL_STAFF,
    // The inbox pages have no buttons: everyone reads, marks and deletes their own messages (the server only ever touches the caller's rows).
    children: [
      {
        code: 'message', name: '系统消息', nameEn: 'System messages', path: '/message/index', source: 'MessageOutlined', sort: 1,
        children: [
          { code: 'notice_province_detail', name: '舆情工单详情', nameEn: 'Sentiment order detail', path: '/province/detail', source: 'FileTextOutlined', sort: 1, alias: 'hideMenu' },
          { code: 'notice_order_detail', name: '工单详情', nameEn: 'Work order detail', path: '/order/info/detail', source: 'FileTextOutlined', sort: 2, alias: 'hideMenu' },
        ],
      },
      {
        code: 'notification', name: '我的通知', nameEn: 'My notifications', path: '/system/notification', source: 'NotificationOutlined', sort: 2,
      },
      {
        code: 'desk_notice', name: '通知公告', nameEn: 'Notices', path: '/desk/notice', source: 'SoundOutlined', sort: 3,
        roles: MANAGERS,
        buttons: [
          { code: 'desk_notice_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'desk_notice_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'desk_notice_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'desk_notice_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 我的事务（流程任务中心） ───────────────────────────────
  {
    code: 'work', name: '我的事务', nameEn: 'My tasks', path: '/work', source: 'SolutionOutlined', sort: 3,
    roles: MANAGERS,
    children: [
      {
        code: 'work_start', name: '发起事务', nameEn: 'Start a process', path: '/work/start', source: 'PlayCircleOutlined', sort: 1,
        buttons: [
          { code: 'work_start_launch', name: '发起', nameEn: 'Launch', alias: 'launch' },
          { code: 'work_start_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_claim', name: '待签事务', nameEn: 'Tasks to claim', path: '/work/claim', source: 'CarryOutOutlined', sort: 2,
        buttons: [
          { code: 'work_claim_claim', name: '签收', nameEn: 'Claim', alias: 'claim' },
          { code: 'work_claim_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_todo', name: '待办事务', nameEn: 'To-do tasks', path: '/work/todo', source: 'ScheduleOutlined', sort: 3,
        buttons: [
          { code: 'work_todo_handle', name: '办理', nameEn: 'Handle', alias: 'handle' },
          { code: 'work_todo_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_send', name: '已发事务', nameEn: 'Sent processes', path: '/work/send', source: 'SendOutlined', sort: 4,
        buttons: [
          { code: 'work_send_withdraw', name: '撤回', nameEn: 'Withdraw', alias: 'withdraw' },
          { code: 'work_send_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_done', name: '办结事务', nameEn: 'Completed tasks', path: '/work/done', source: 'CheckCircleOutlined', sort: 5,
        buttons: [
          { code: 'work_done_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_copy', name: '抄送事务', nameEn: 'Copied to me', path: '/work/copy', source: 'CopyOutlined', sort: 6,
        buttons: [
          { code: 'work_copy_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_leave', name: '请假流程', nameEn: 'Leave requests', path: '/work/leave', source: 'CalendarOutlined', sort: 7,
        buttons: [
          { code: 'work_leave_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'work_leave_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'work_leave_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'work_leave_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 台账管理 ───────────────────────────────
  {
    code: 'ledger', name: '台账管理', nameEn: 'Ledgers', path: '/ledger', source: 'BookOutlined', sort: 10,
    roles: MANAGERS,
    children: [
      {
        code: 'statistics', name: '统计台账', nameEn: 'Statistics ledger', path: '/statistics/index', source: 'ProfileOutlined', sort: 1,
        buttons: [
          { code: 'statistics_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'statistics_remark', name: '备注', nameEn: 'Remark', alias: 'remark' },
          { code: 'statistics_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
      {
        code: 'sign_record', name: '签到记录', nameEn: 'Sign-in records', path: '/sign/record/index', source: 'EnvironmentOutlined', sort: 2,
        buttons: [
          { code: 'sign_record_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'sign_record_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'sign_record_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'sign_record_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'sign_record_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 巡查管理 ───────────────────────────────
  {
    code: 'inspect', name: '巡查管理', nameEn: 'Inspection', path: '/inspect', source: 'AuditOutlined', sort: 11,
    roles: MANAGERS_AND_INSPECTOR,
    children: [
      {
        code: 'inspect_record', name: '巡查记录', nameEn: 'Inspection records', path: '/inspect/inspectRecord/index', source: 'FileSearchOutlined', sort: 1,
        children: [
          { code: 'inspect_record_detail', name: '巡查记录详情', nameEn: 'Inspection record detail', path: '/inspect/inspectRecord/detail', source: 'FileTextOutlined', sort: 1, alias: 'hideMenu' },
          { code: 'inspect_event_detail', name: '巡查事件详情', nameEn: 'Inspection event detail', path: '/inspect/inspectEvent/detail', source: 'FileTextOutlined', sort: 2, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'inspect_record_add', name: '新增', nameEn: 'Add', alias: 'add', roles: MANAGERS_AND_INSPECTOR },
          { code: 'inspect_record_edit', name: '修改', nameEn: 'Edit', alias: 'edit', roles: MANAGERS_AND_INSPECTOR },
          { code: 'inspect_record_delete', name: '删除', nameEn: 'Delete', alias: 'delete', roles: MANAGERS },
          { code: 'inspect_record_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'inspect_record_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'inspect_record_audit', name: '审核', nameEn: 'Audit', alias: 'audit', roles: MANAGERS },
        ],
      },
      {
        code: 'inspect_plan', name: '巡查计划', nameEn: 'Inspection plans', path: '/inspect-plan/index', source: 'ProjectOutlined', sort: 2,
        roles: MANAGERS,
        children: [
          { code: 'inspect_plan_create', name: '新建巡查计划', nameEn: 'New inspection plan', path: '/inspect-plan/add', source: 'FormOutlined', sort: 1, alias: 'hideMenu' },
          { code: 'inspect_plan_detail', name: '巡查计划详情', nameEn: 'Inspection plan detail', path: '/inspect-plan/detail', source: 'FileTextOutlined', sort: 2, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'inspect_plan_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'inspect_plan_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'inspect_plan_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'inspect_plan_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'inspect_plan_publish', name: '发布', nameEn: 'Publish', alias: 'publish' },
          { code: 'inspect_plan_stop', name: '停止', nameEn: 'Stop', alias: 'stop' },
        ],
      },
      {
        code: 'inspect_mgr', name: '巡查项目', nameEn: 'Inspection items', path: '/inspect/inspectMgr/index', source: 'UnorderedListOutlined', sort: 3,
        roles: MANAGERS,
        children: [
          { code: 'inspect_mgr_add_items', name: '新增巡查项目', nameEn: 'Add inspection items', path: '/inspect/inspectMgr/add-inspect-items', source: 'FormOutlined', sort: 1, alias: 'hideMenu' },
          { code: 'inspect_mgr_edit_items', name: '编辑巡查项目', nameEn: 'Edit inspection items', path: '/inspect/inspectMgr/edit-inspect-items', source: 'FormOutlined', sort: 2, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'inspect_mgr_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'inspect_mgr_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'inspect_mgr_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'inspect_mgr_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'inspect_object', name: '巡查对象', nameEn: 'Inspection objects', path: '/inspect/object', source: 'AimOutlined', sort: 4,
        roles: MANAGERS,
        buttons: [
          { code: 'inspect_object_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'inspect_object_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'inspect_object_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'inspect_object_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'inspect_template', name: '结构模板', nameEn: 'Structure templates', path: '/inspect/struct-template', source: 'BlockOutlined', sort: 5,
        roles: MANAGERS,
        buttons: [
          { code: 'inspect_template_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'inspect_template_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'inspect_template_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'inspect_template_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'inspect_frequency', name: '巡查频次', nameEn: 'Inspection frequency', path: '/inspect/frequency', source: 'FieldTimeOutlined', sort: 6,
        roles: MANAGERS,
        buttons: [
          { code: 'inspect_frequency_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'inspect_frequency_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 维修养护 ───────────────────────────────
  {
    code: 'maintain', name: '维修养护', nameEn: 'Maintenance', path: '/maintain', source: 'ToolOutlined', sort: 12,
    roles: MANAGERS_AND_INSPECTOR,
    children: [
      {
        code: 'maintain_record', name: '养护记录', nameEn: 'Maintenance records', path: '/maintain/record/index', source: 'FileDoneOutlined', sort: 1,
        children: [
          { code: 'maintain_record_detail', name: '养护记录详情', nameEn: 'Maintenance record detail', path: '/maintain/record/detail', source: 'FileTextOutlined', sort: 1, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'maintain_record_add', name: '新增', nameEn: 'Add', alias: 'add', roles: MANAGERS },
          { code: 'maintain_record_edit', name: '修改', nameEn: 'Edit', alias: 'edit', roles: MANAGERS },
          { code: 'maintain_record_delete', name: '删除', nameEn: 'Delete', alias: 'delete', roles: MANAGERS },
          { code: 'maintain_record_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'maintain_record_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'maintain_record_audit', name: '审核', nameEn: 'Audit', alias: 'audit', roles: MANAGERS },
        ],
      },
      {
        code: 'maintain_mgr', name: '养护项目', nameEn: 'Maintenance items', path: '/maintain/maintainMgr/index', source: 'UnorderedListOutlined', sort: 2,
        roles: MANAGERS,
        children: [
          { code: 'maintain_mgr_add_items', name: '新增养护项目', nameEn: 'Add maintenance items', path: '/maintain/maintainMgr/add-maintain-items', source: 'FormOutlined', sort: 1, alias: 'hideMenu' },
          { code: 'maintain_mgr_edit_items', name: '编辑养护项目', nameEn: 'Edit maintenance items', path: '/maintain/maintainMgr/edit-maintain-items', source: 'FormOutlined', sort: 2, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'maintain_mgr_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'maintain_mgr_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'maintain_mgr_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'maintain_mgr_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'maintain_object', name: '养护对象', nameEn: 'Maintenance objects', path: '/maintain/object', source: 'AimOutlined', sort: 3,
        roles: MANAGERS,
        buttons: [
          { code: 'maintain_object_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'maintain_object_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'maintain_object_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'maintain_object_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 保洁管理 ───────────────────────────────
  {
    code: 'clean', name: '保洁管理', nameEn: 'Cleaning', path: '/clean', source: 'ClearOutlined', sort: 13,
    roles: MANAGERS,
    children: [
      {
        code: 'clean_record', name: '保洁记录', nameEn: 'Cleaning records', path: '/clean/cleanRecord/index', source: 'FileDoneOutlined', sort: 1,
        children: [
          { code: 'clean_record_detail', name: '保洁记录详情', nameEn: 'Cleaning record detail', path: '/clean/cleanRecord/detail', source: 'FileTextOutlined', sort: 1, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'clean_record_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'clean_record_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'clean_record_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'clean_record_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'clean_record_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'clean_record_audit', name: '审核', nameEn: 'Audit', alias: 'audit' },
        ],
      },
      {
        code: 'clean_mgr', name: '保洁项目', nameEn: 'Cleaning items', path: '/clean/cleanMgr/index', source: 'UnorderedListOutlined', sort: 2,
        children: [
          { code: 'clean_mgr_add_items', name: '新增保洁项目', nameEn: 'Add cleaning items', path: '/clean/cleanMgr/add-clean-items', source: 'FormOutlined', sort: 1, alias: 'hideMenu' },
          { code: 'clean_mgr_edit_items', name: '编辑保洁项目', nameEn: 'Edit cleaning items', path: '/clean/cleanMgr/edit-clean-items', source: 'FormOutlined', sort: 2, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'clean_mgr_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'clean_mgr_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'clean_mgr_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'clean_mgr_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'clean_object', name: '保洁对象', nameEn: 'Cleaning objects', path: '/clean/object', source: 'AimOutlined', sort: 3,
        buttons: [
          { code: 'clean_object_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'clean_object_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'clean_object_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'clean_object_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 事件管理 ───────────────────────────────
  // For river_chief the console shows 待签收 (/event/received/index) as 问题台账 (platform-core §6).
  {
    code: 'event', name: '事件管理', nameEn: 'Events', path: '/event', source: 'AlertOutlined', sort: 14,
    roles: ALL_STAFF,
    children: [
      {
        code: 'event_received', name: '待签收', nameEn: 'To be signed for', path: '/event/received/index', source: 'InboxOutlined', sort: 1,
        buttons: [
          { code: 'event_received_add', name: '事件上报', nameEn: 'Report event', alias: 'add', roles: ALL_STAFF },
          { code: 'event_received_edit', name: '修改', nameEn: 'Edit', alias: 'edit', roles: MANAGERS },
          { code: 'event_received_delete', name: '删除', nameEn: 'Delete', alias: 'delete', roles: MANAGERS },
          { code: 'event_received_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'event_received_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'event_received_accept', name: '签收', nameEn: 'Sign for', alias: 'accept', roles: MANAGERS_AND_CHIEF },
          { code: 'event_received_assign', name: '交办', nameEn: 'Assign', alias: 'assign', roles: MANAGERS_AND_CHIEF },
        ],
      },
      {
        code: 'event_processing', name: '处理中', nameEn: 'In handling', path: '/event/processing/index', source: 'SyncOutlined', sort: 2,
        buttons: [
          { code: 'event_processing_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'event_processing_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'event_processing_process', name: '处理', nameEn: 'Handle', alias: 'process', roles: MANAGERS_AND_CHIEF },
          { code: 'event_processing_audit', name: '审核', nameEn: 'Audit', alias: 'audit', roles: MANAGERS },
          { code: 'event_processing_close', name: '销号', nameEn: 'Close', alias: 'close', roles: MANAGERS_AND_CHIEF },
          { code: 'event_processing_withdraw', name: '撤回', nameEn: 'Withdraw', alias: 'withdraw', roles: MANAGERS_AND_CHIEF },
        ],
      },
      {
        code: 'event_terminated', name: '已完成', nameEn: 'Completed', path: '/event/terminated/index', source: 'CheckCircleOutlined', sort: 3,
        buttons: [
          { code: 'event_terminated_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'event_terminated_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'event_terminated_delete', name: '删除', nameEn: 'Delete', alias: 'delete', roles: MANAGERS },
        ],
      },
      { code: 'event_detail', name: '事件详情', nameEn: 'Event detail', path: '/event/detail', source: 'FileTextOutlined', sort: 4, alias: 'hideMenu' },
    ],
  },

  // ─────────────────────────────── 河湖巡查 ───────────────────────────────
  {
    code: 'river', name: '河湖巡查', nameEn: 'River patrol', path: '/river', source: 'CompassOutlined', sort: 15,
    roles: MANAGERS_AND_CHIEF,
    children: [
      {
        code: 'river_inspect', name: '巡河记录', nameEn: 'River patrol records', path: '/river/inspect/index', source: 'NodeIndexOutlined', sort: 1,
        children: [
          { code: 'river_inspect_detail', name: '巡河记录详情', nameEn: 'River patrol detail', path: '/river/inspect/detail', source: 'FileTextOutlined', sort: 1, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'river_inspect_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'river_inspect_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'river_inspect_delete', name: '删除', nameEn: 'Delete', alias: 'delete', roles: MANAGERS },
          { code: 'river_inspect_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'river_inspect_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 水库档案 ───────────────────────────────
  {
    code: 'reservoir', name: '水库档案', nameEn: 'Reservoir archive', path: '/reservoir', source: 'DatabaseOutlined', sort: 20,
    roles: MANAGERS,
    children: [
      // The reservoirs themselves (水库名录) are listed once, at 工程管理 → 水库工程 (project_mgr): one register, one page.
      {
        code: 'reservoir_capacity', name: '库容曲线', nameEn: 'Capacity curve', path: '/reservoir/capacity', source: 'AreaChartOutlined', sort: 2,
        buttons: [
          { code: 'reservoir_capacity_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'reservoir_capacity_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'reservoir_capacity_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'reservoir_capacity_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'reservoir_capacity_import', name: '导入', nameEn: 'Import', alias: 'import' },
          { code: 'reservoir_capacity_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
      {
        code: 'reservoir_file', name: '档案资料', nameEn: 'Archive files', path: '/reservoir/file', source: 'FolderOpenOutlined', sort: 3,
        buttons: [
          { code: 'reservoir_file_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'reservoir_file_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'reservoir_file_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'reservoir_file_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'reservoir_file_download', name: '下载', nameEn: 'Download', alias: 'download' },
        ],
      },
      {
        code: 'reservoir_device', name: '水库设备', nameEn: 'Reservoir devices', path: '/reservoir/device', source: 'HddOutlined', sort: 4,
        buttons: [
          { code: 'reservoir_device_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'reservoir_device_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'reservoir_device_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'reservoir_device_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'reservoir_placard', name: '公示牌', nameEn: 'Placards', path: '/reservoir/placard', source: 'IdcardOutlined', sort: 5,
        buttons: [
          { code: 'reservoir_placard_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'reservoir_placard_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'reservoir_placard_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'reservoir_placard_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'reservoir_soak_line', name: '浸润线', nameEn: 'Phreatic line', path: '/reservoir/soak-line', source: 'RiseOutlined', sort: 6,
        buttons: [
          { code: 'reservoir_soak_line_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'reservoir_soak_line_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'reservoir_soak_line_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'reservoir_soak_line_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'reservoir_staff', name: '管护人员', nameEn: 'Reservoir staff', path: '/reservoir/staff', source: 'TeamOutlined', sort: 7,
        buttons: [
          { code: 'reservoir_staff_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'reservoir_staff_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'reservoir_staff_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'reservoir_staff_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'reservoir_staff_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'reservoir_staff_bind', name: '绑定水库', nameEn: 'Bind reservoir', alias: 'bind' },
          { code: 'reservoir_staff_unbind', name: '解除绑定', nameEn: 'Unbind reservoir', alias: 'unbind' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 工程管理 ───────────────────────────────
  {
    code: 'engineering', name: '工程管理', nameEn: 'Engineering', path: '/engineering', source: 'BuildOutlined', sort: 21,
    roles: MANAGERS,
    children: [
      {
        code: 'project_mgr', name: '水库工程', nameEn: 'Reservoir projects', path: '/system/projectMgr/index', source: 'BuildOutlined', sort: 1,
        children: [
          { code: 'project_mgr_detail', name: '工程详情', nameEn: 'Project detail', path: '/system/projectMgr/detail', source: 'FileTextOutlined', sort: 1, alias: 'hideMenu' },
          { code: 'project_mgr_create', name: '新增工程', nameEn: 'New project', path: '/system/projectMgr/add', source: 'FormOutlined', sort: 2, alias: 'hideMenu' },
          { code: 'project_mgr_update', name: '编辑工程', nameEn: 'Edit project', path: '/system/projectMgr/edit', source: 'FormOutlined', sort: 3, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'project_mgr_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'project_mgr_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'project_mgr_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'project_mgr_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'project_mgr_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
      {
        code: 'engineering_reinforce', name: '除险加固', nameEn: 'Risk removal and reinforcement', path: '/engineering/reinforce', source: 'SafetyCertificateOutlined', sort: 2,
        buttons: [
          { code: 'engineering_reinforce_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'engineering_reinforce_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'engineering_reinforce_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'engineering_reinforce_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'engineering_reinforce_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
      {
        code: 'engineering_downgrade', name: '降等报废', nameEn: 'Downgrade and decommission', path: '/engineering/downgrade', source: 'FallOutlined', sort: 3,
        buttons: [
          { code: 'engineering_downgrade_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'engineering_downgrade_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'engineering_downgrade_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'engineering_downgrade_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'engineering_downgrade_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
      {
        code: 'engineering_register', name: '注册登记', nameEn: 'Registration', path: '/engineering/register', source: 'FileProtectOutlined', sort: 4,
        buttons: [
          { code: 'engineering_register_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'engineering_register_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'engineering_register_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'engineering_register_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'engineering_register_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
      {
        code: 'engineering_safety', name: '安全鉴定', nameEn: 'Safety appraisal', path: '/engineering/safety', source: 'SafetyOutlined', sort: 5,
        buttons: [
          { code: 'engineering_safety_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'engineering_safety_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'engineering_safety_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'engineering_safety_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'engineering_safety_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 应急管理 ───────────────────────────────
  {
    code: 'urgent', name: '应急管理', nameEn: 'Emergency management', path: '/urgent', source: 'MedicineBoxOutlined', sort: 22,
    roles: MANAGERS,
    children: [
      {
        code: 'urgent_risk', name: '风险隐患', nameEn: 'Risks and hidden dangers', path: '/urgent/risk', source: 'WarningOutlined', sort: 1,
        buttons: [
          { code: 'urgent_risk_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'urgent_risk_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'urgent_risk_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'urgent_risk_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'urgent_risk_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
      {
        code: 'urgent_project_maintain', name: '工程维护', nameEn: 'Project maintenance', path: '/urgent/project-maintain', source: 'ToolOutlined', sort: 2,
        buttons: [
          { code: 'urgent_project_maintain_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'urgent_project_maintain_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'urgent_project_maintain_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'urgent_project_maintain_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'urgent_training', name: '培训演练', nameEn: 'Training and drills', path: '/urgent/training', source: 'ReadOutlined', sort: 3,
        buttons: [
          { code: 'urgent_training_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'urgent_training_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'urgent_training_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'urgent_training_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'urgent_supplies', name: '应急物资', nameEn: 'Emergency supplies', path: '/urgent/supplies', source: 'GoldOutlined', sort: 4,
        children: [
          {
            code: 'urgent_depository', name: '物资仓库', nameEn: 'Depositories', path: '/urgent/depository', source: 'ShopOutlined', sort: 1,
            buttons: [
              { code: 'urgent_depository_add', name: '新增', nameEn: 'Add', alias: 'add' },
              { code: 'urgent_depository_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
              { code: 'urgent_depository_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
              { code: 'urgent_depository_view', name: '查看', nameEn: 'View', alias: 'view' },
            ],
          },
          {
            code: 'urgent_goods', name: '物资管理', nameEn: 'Goods', path: '/urgent/goods', source: 'ContainerOutlined', sort: 2,
            buttons: [
              { code: 'urgent_goods_add', name: '新增', nameEn: 'Add', alias: 'add' },
              { code: 'urgent_goods_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
              { code: 'urgent_goods_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
              { code: 'urgent_goods_view', name: '查看', nameEn: 'View', alias: 'view' },
              { code: 'urgent_goods_import', name: '导入', nameEn: 'Import', alias: 'import' },
              { code: 'urgent_goods_export', name: '导出', nameEn: 'Export', alias: 'export' },
            ],
          },
          {
            code: 'urgent_purchase', name: '采购入库', nameEn: 'Purchases', path: '/urgent/purchase', source: 'ShoppingCartOutlined', sort: 3,
            buttons: [
              { code: 'urgent_purchase_add', name: '新增', nameEn: 'Add', alias: 'add' },
              { code: 'urgent_purchase_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
              { code: 'urgent_purchase_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
              { code: 'urgent_purchase_view', name: '查看', nameEn: 'View', alias: 'view' },
              { code: 'urgent_purchase_export', name: '导出', nameEn: 'Export', alias: 'export' },
            ],
          },
          {
            code: 'urgent_goods_used', name: '物资领用', nameEn: 'Goods used', path: '/urgent/goods-used', source: 'ExportOutlined', sort: 4,
            buttons: [
              { code: 'urgent_goods_used_add', name: '新增', nameEn: 'Add', alias: 'add' },
              { code: 'urgent_goods_used_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
              { code: 'urgent_goods_used_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
              { code: 'urgent_goods_used_view', name: '查看', nameEn: 'View', alias: 'view' },
              { code: 'urgent_goods_used_export', name: '导出', nameEn: 'Export', alias: 'export' },
            ],
          },
          {
            code: 'urgent_removal', name: '物资报废', nameEn: 'Write-offs', path: '/urgent/removal', source: 'DeleteOutlined', sort: 5,
            buttons: [
              { code: 'urgent_removal_add', name: '新增', nameEn: 'Add', alias: 'add' },
              { code: 'urgent_removal_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
              { code: 'urgent_removal_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
              { code: 'urgent_removal_view', name: '查看', nameEn: 'View', alias: 'view' },
              { code: 'urgent_removal_audit', name: '审核', nameEn: 'Audit', alias: 'audit' },
            ],
          },
          {
            code: 'urgent_goods_available', name: '可用物资', nameEn: 'Available goods', path: '/urgent/goods-available', source: 'AppstoreOutlined', sort: 6,
            buttons: [
              { code: 'urgent_goods_available_view', name: '查看', nameEn: 'View', alias: 'view' },
              { code: 'urgent_goods_available_export', name: '导出', nameEn: 'Export', alias: 'export' },
            ],
          },
          {
            code: 'urgent_goods_log', name: '物资流水', nameEn: 'Goods log', path: '/urgent/goods-log', source: 'HistoryOutlined', sort: 7,
            buttons: [
              { code: 'urgent_goods_log_view', name: '查看', nameEn: 'View', alias: 'view' },
              { code: 'urgent_goods_log_export', name: '导出', nameEn: 'Export', alias: 'export' },
            ],
          },
        ],
      },
    ],
  },

  // ─────────────────────────────── 设施设备 ───────────────────────────────
  {
    code: 'facility', name: '设施设备', nameEn: 'Facilities', path: '/facility', source: 'ClusterOutlined', sort: 23,
    roles: MANAGERS,
    children: [
      {
        code: 'station', name: '测站管理', nameEn: 'Stations', path: '/facility/station', source: 'RadarChartOutlined', sort: 1,
        buttons: [
          { code: 'station_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'station_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'station_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'station_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'equipment', name: '设备管理', nameEn: 'Equipment', path: '/facility/equipment', source: 'ApiOutlined', sort: 2,
        buttons: [
          { code: 'equipment_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'equipment_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'equipment_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'equipment_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'factory_info', name: '厂家信息', nameEn: 'Manufacturers', path: '/facility/factory-info', source: 'ShopOutlined', sort: 3,
        buttons: [
          { code: 'factory_info_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'factory_info_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'factory_info_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'factory_info_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 监测预警 ───────────────────────────────
  {
    code: 'monitor', name: '监测预警', nameEn: 'Monitoring and warning', path: '/monitor', source: 'LineChartOutlined', sort: 30,
    roles: MANAGERS,
    children: [
      { code: 'water_situation', name: '水雨情监测', nameEn: 'Rain and water situation', path: '/rain-monitoring/water-situation/index', source: 'CloudOutlined', sort: 1 },
      {
        code: 'monitor_water_level', name: '库水位', nameEn: 'Reservoir water level', path: '/monitor/water-level', source: 'ColumnHeightOutlined', sort: 2,
        buttons: [
          { code: 'monitor_water_level_add', name: '人工置数', nameEn: 'Manual entry', alias: 'add' },
          { code: 'monitor_water_level_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'monitor_water_level_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'monitor_water_level_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'monitor_water_level_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'monitor_water_level_report', name: '日月年报表', nameEn: 'Day/month/year report', alias: 'report' },
        ],
      },
      {
        code: 'monitor_rainfall', name: '雨量监测', nameEn: 'Rainfall', path: '/monitor/rainfall', source: 'ThunderboltOutlined', sort: 3,
        buttons: [
          { code: 'monitor_rainfall_add', name: '人工置数', nameEn: 'Manual entry', alias: 'add' },
          { code: 'monitor_rainfall_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'monitor_rainfall_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'monitor_rainfall_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'monitor_rainfall_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'monitor_rainfall_report', name: '日月年报表', nameEn: 'Day/month/year report', alias: 'report' },
        ],
      },
      {
        code: 'monitor_seepage_flow', name: '渗流量监测', nameEn: 'Seepage flow', path: '/monitor/seepage-flow', source: 'FundOutlined', sort: 4,
        buttons: [
          { code: 'monitor_seepage_flow_add', name: '人工置数', nameEn: 'Manual entry', alias: 'add' },
          { code: 'monitor_seepage_flow_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'monitor_seepage_flow_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'monitor_seepage_flow_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'monitor_seepage_flow_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'monitor_seepage_flow_report', name: '日月年报表', nameEn: 'Day/month/year report', alias: 'report' },
        ],
      },
      {
        code: 'monitor_seepage_pressure', name: '渗压监测', nameEn: 'Seepage pressure', path: '/monitor/seepage-pressure', source: 'FundOutlined', sort: 5,
        buttons: [
          { code: 'monitor_seepage_pressure_add', name: '人工置数', nameEn: 'Manual entry', alias: 'add' },
          { code: 'monitor_seepage_pressure_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'monitor_seepage_pressure_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'monitor_seepage_pressure_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'monitor_seepage_pressure_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'monitor_seepage_pressure_report', name: '日月年报表', nameEn: 'Day/month/year report', alias: 'report' },
        ],
      },
      {
        code: 'monitor_transshape', name: '变形监测', nameEn: 'Deformation', path: '/monitor/transshape', source: 'FundOutlined', sort: 6,
        buttons: [
          { code: 'monitor_transshape_add', name: '人工置数', nameEn: 'Manual entry', alias: 'add' },
          { code: 'monitor_transshape_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'monitor_transshape_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'monitor_transshape_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'monitor_transshape_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'monitor_transshape_report', name: '日月年报表', nameEn: 'Day/month/year report', alias: 'report' },
        ],
      },
      {
        code: 'monitor_warning_log', name: '预警记录', nameEn: 'Warning log', path: '/monitor/warning-log', source: 'AlertOutlined', sort: 7,
        buttons: [
          { code: 'monitor_warning_log_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'monitor_warning_log_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'monitor_warning_log_report', name: '日月年报表', nameEn: 'Day/month/year report', alias: 'report' },
        ],
      },
      {
        code: 'monitor_index_limit', name: '指标阈值', nameEn: 'Monitoring index limits', path: '/monitor/index-limit', source: 'SlidersOutlined', sort: 8,
        buttons: [
          { code: 'monitor_index_limit_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'monitor_index_limit_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'monitor_index_limit_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'monitor_index_limit_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 视频监控 ───────────────────────────────
  {
    code: 'video', name: '视频监控', nameEn: 'Video surveillance', path: '/video', source: 'VideoCameraOutlined', sort: 31,
    roles: MANAGERS,
    children: [
      {
        code: 'video_monitor', name: '实时视频', nameEn: 'Live video', path: '/monitor/video/index', source: 'EyeOutlined', sort: 1,
        children: [
          { code: 'video_detail', name: '视频详情', nameEn: 'Video detail', path: '/monitor/video/detail', source: 'FileTextOutlined', sort: 1, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'video_monitor_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'video_monitor_control', name: '云台控制', nameEn: 'PTZ control', alias: 'control' },
        ],
      },
      {
        code: 'video_warning', name: 'AI历史告警', nameEn: 'AI alarm history', path: '/monitor/video/historyWarning', source: 'ExceptionOutlined', sort: 2,
        buttons: [
          { code: 'video_warning_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'video_warning_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
      {
        code: 'camera', name: '摄像头管理', nameEn: 'Cameras', path: '/skvideo/camera/index', source: 'CameraOutlined', sort: 3,
        children: [
          { code: 'camera_detail', name: '摄像头详情', nameEn: 'Camera detail', path: '/skvideo/camera/detail', source: 'FileTextOutlined', sort: 1, alias: 'hideMenu' },
        ],
        buttons: [
          { code: 'camera_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'camera_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'camera_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'camera_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'camera_polling', name: '轮巡设置', nameEn: 'Polling settings', alias: 'setting' },
        ],
      },
      {
        code: 'camera_account', name: '摄像头账号', nameEn: 'Camera accounts', path: '/skvideo/camera-account', source: 'KeyOutlined', sort: 4,
        buttons: [
          { code: 'camera_account_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'camera_account_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'camera_account_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'camera_account_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 一张图 / 地图 / 大屏 ───────────────────────────────
  {
    code: 'one_picture', name: '水库一张图', nameEn: 'Reservoir one-picture map', path: '/one-picture/index', source: 'PictureOutlined', sort: 32,
    roles: MANAGERS,
  },
  {
    // The console picks the province or county view of public sentiment by role and dept_region_code.
    code: 'map', name: '地图监管', nameEn: 'Map supervision', path: '/map', source: 'GlobalOutlined', sort: 33,
    roles: MANAGERS,
    children: [
      { code: 'map_sentiment', name: '公众舆情', nameEn: 'Public sentiment', path: '/map/province', source: 'EnvironmentOutlined', sort: 1 },
      { code: 'map_county', name: '公众舆情(区县)', nameEn: 'Public sentiment (county)', path: '/map/county', source: 'EnvironmentOutlined', sort: 2, alias: 'hideMenu' },
      { code: 'map_monitor', name: '监控地图', nameEn: 'Monitoring map', path: '/map/monitor', source: 'MonitorOutlined', sort: 3, isOpen: 2 },
    ],
  },
  {
    code: 'big_screen', name: '智慧大屏', nameEn: 'Big screens', path: '/screen', source: 'FundProjectionScreenOutlined', sort: 34,
    roles: MANAGERS_AND_CHIEF,
    children: [
      { code: 'screen_inspection', name: '水库巡查智慧大屏', nameEn: 'Reservoir inspection big screen', path: '/big-screen/inspection', source: 'FundProjectionScreenOutlined', sort: 1, isOpen: 2, roles: MANAGERS },
      { code: 'screen_matrix', name: '水库运行管理矩阵', nameEn: 'Reservoir management matrix screen', path: '/show-big-screen/siquan/index', source: 'FundProjectionScreenOutlined', sort: 2, isOpen: 2, roles: MANAGERS },
      { code: 'screen_river', name: '河长智慧大屏', nameEn: 'River chief big screen', path: '/river-big-screen/index', source: 'FundProjectionScreenOutlined', sort: 3, isOpen: 2 },
    ],
  },

  // ─────────────────────────────── 流程管理（设计与运维） ───────────────────────────────
  {
    code: 'flow', name: '流程管理', nameEn: 'Workflow', path: '/workflow', source: 'ApartmentOutlined', sort: 80,
    roles: ADMIN_ONLY,
    children: [
      {
        code: 'flow_model', name: '模型设计', nameEn: 'Process models', path: '/workflow/design/model', source: 'PartitionOutlined', sort: 1,
        buttons: [
          { code: 'flow_model_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_model_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_model_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_model_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'flow_model_deploy', name: '部署', nameEn: 'Deploy', alias: 'publish' },
        ],
      },
      {
        code: 'flow_deployment', name: '部署管理', nameEn: 'Deployments', path: '/workflow/design/deployment', source: 'DeploymentUnitOutlined', sort: 2,
        buttons: [
          { code: 'flow_deployment_edit', name: '变更分类', nameEn: 'Change category', alias: 'edit' },
          { code: 'flow_deployment_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_deployment_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'flow_deployment_publish', name: '激活', nameEn: 'Activate', alias: 'publish' },
          { code: 'flow_deployment_stop', name: '挂起', nameEn: 'Suspend', alias: 'stop' },
        ],
      },
      {
        code: 'flow_form', name: '表单设计', nameEn: 'Forms', path: '/workflow/design/form', source: 'FormOutlined', sort: 3,
        buttons: [
          { code: 'flow_form_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_form_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_form_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_form_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_form_default', name: '表单默认值', nameEn: 'Form default values', path: '/workflow/design/form-default', source: 'SnippetsOutlined', sort: 4,
        buttons: [
          { code: 'flow_form_default_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_form_default_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_form_default_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_form_default_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_button', name: '流程按钮', nameEn: 'Process buttons', path: '/workflow/design/button', source: 'ControlOutlined', sort: 5,
        buttons: [
          { code: 'flow_button_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_button_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_button_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_button_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_category', name: '流程分类', nameEn: 'Process categories', path: '/workflow/design/category', source: 'TagsOutlined', sort: 6,
        buttons: [
          { code: 'flow_category_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_category_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_category_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_category_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_condition', name: '流转条件', nameEn: 'Flow conditions', path: '/workflow/design/condition', source: 'BranchesOutlined', sort: 7,
        buttons: [
          { code: 'flow_condition_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_condition_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_condition_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_condition_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_proxy', name: '流程代理', nameEn: 'Process proxies', path: '/workflow/ops/proxy', source: 'UserSwitchOutlined', sort: 8,
        buttons: [
          { code: 'flow_proxy_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_proxy_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_proxy_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_proxy_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_follow', name: '流程监控', nameEn: 'Process monitor', path: '/workflow/ops/follow', source: 'MonitorOutlined', sort: 9,
        buttons: [
          { code: 'flow_follow_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'flow_follow_delete', name: '删除实例', nameEn: 'Delete instance', alias: 'delete' },
          { code: 'flow_follow_stop', name: '终止', nameEn: 'Terminate', alias: 'stop' },
        ],
      },
      {
        code: 'flow_statistics', name: '流程统计', nameEn: 'Process statistics', path: '/workflow/statistics', source: 'PieChartOutlined', sort: 10,
        buttons: [
          { code: 'flow_statistics_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 系统管理 ───────────────────────────────
  {
    code: 'system', name: '系统管理', nameEn: 'System', path: '/system', source: 'SettingOutlined', sort: 90,
    roles: MANAGERS,
    children: [
      {
        code: 'user', name: '用户管理', nameEn: 'Users', path: '/system/user', source: 'UserOutlined', sort: 1,
        buttons: [
          { code: 'user_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'user_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'user_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'user_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'user_import', name: '导入', nameEn: 'Import', alias: 'import' },
          { code: 'user_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'user_reset', name: '重置密码', nameEn: 'Reset password', alias: 'reset' },
          { code: 'user_unlock', name: '账号解封', nameEn: 'Unlock', alias: 'unlock' },
          { code: 'user_role', name: '角色配置', nameEn: 'Assign roles', alias: 'role', roles: ADMIN_ONLY },
          { code: 'user_platform', name: '平台配置', nameEn: 'Platform settings', alias: 'platform', roles: ADMIN_ONLY },
        ],
      },
      {
        code: 'dept', name: '机构管理', nameEn: 'Departments', path: '/system/dept', source: 'ApartmentOutlined', sort: 2,
        buttons: [
          { code: 'dept_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'dept_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'dept_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'dept_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'post', name: '岗位管理', nameEn: 'Posts', path: '/system/post', source: 'ContactsOutlined', sort: 3,
        buttons: [
          { code: 'post_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'post_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'post_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'post_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'role', name: '角色管理', nameEn: 'Roles', path: '/system/role', source: 'UsergroupAddOutlined', sort: 4,
        buttons: [
          { code: 'role_add', name: '新增', nameEn: 'Add', alias: 'add', roles: ADMIN_ONLY },
          { code: 'role_edit', name: '修改', nameEn: 'Edit', alias: 'edit', roles: ADMIN_ONLY },
          { code: 'role_delete', name: '删除', nameEn: 'Delete', alias: 'delete', roles: ADMIN_ONLY },
          { code: 'role_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'role_grant', name: '权限设置', nameEn: 'Grant permissions', alias: 'grant', roles: ADMIN_ONLY },
          { code: 'role_assign_users', name: '分配用户', nameEn: 'Assign users', alias: 'assign', roles: ADMIN_ONLY },
        ],
      },
      {
        code: 'region', name: '行政区划', nameEn: 'Regions', path: '/system/region', source: 'EnvironmentOutlined', sort: 5,
        buttons: [
          { code: 'region_add', name: '新增', nameEn: 'Add', alias: 'add', roles: ADMIN_ONLY },
          { code: 'region_edit', name: '修改', nameEn: 'Edit', alias: 'edit', roles: ADMIN_ONLY },
          { code: 'region_delete', name: '删除', nameEn: 'Delete', alias: 'delete', roles: ADMIN_ONLY },
          { code: 'region_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'region_import', name: '导入', nameEn: 'Import', alias: 'import', roles: ADMIN_ONLY },
          { code: 'region_export', name: '导出', nameEn: 'Export', alias: 'export' },
        ],
      },
      {
        // System dictionaries are platform-wide (sealed entries): only the administrator writes them.
        code: 'dict', name: '系统字典', nameEn: 'Dictionaries', path: '/dict-horizontal/index', source: 'ReadOutlined', sort: 6,
        buttons: [
          { code: 'dict_add', name: '新增', nameEn: 'Add', alias: 'add', roles: ADMIN_ONLY },
          { code: 'dict_edit', name: '修改', nameEn: 'Edit', alias: 'edit', roles: ADMIN_ONLY },
          { code: 'dict_delete', name: '删除', nameEn: 'Delete', alias: 'delete', roles: ADMIN_ONLY },
          { code: 'dict_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      // Tree layout of the same dictionaries; the page checks the dict_* button codes above.
      { code: 'dict_vertical', name: '系统字典(树形)', nameEn: 'Dictionaries (tree view)', path: '/dict-vertical/index', source: 'ReadOutlined', sort: 7 },
      {
        code: 'dict_biz', name: '业务字典', nameEn: 'Business dictionaries', path: '/system/dict-biz', source: 'BookOutlined', sort: 8,
        buttons: [
          { code: 'dict_biz_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'dict_biz_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'dict_biz_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'dict_biz_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'param', name: '参数管理', nameEn: 'Parameters', path: '/system/param', source: 'TableOutlined', sort: 9,
        buttons: [
          { code: 'param_add', name: '新增', nameEn: 'Add', alias: 'add', roles: ADMIN_ONLY },
          { code: 'param_edit', name: '修改', nameEn: 'Edit', alias: 'edit', roles: ADMIN_ONLY },
          { code: 'param_delete', name: '删除', nameEn: 'Delete', alias: 'delete', roles: ADMIN_ONLY },
          { code: 'param_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'menu', name: '菜单管理', nameEn: 'Menus', path: '/system/menu', source: 'MenuOutlined', sort: 10,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'menu_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'menu_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'menu_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'menu_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'topmenu', name: '顶部菜单', nameEn: 'Top menus', path: '/system/topmenu', source: 'LayoutOutlined', sort: 11,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'topmenu_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'topmenu_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'topmenu_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'topmenu_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'topmenu_setting', name: '菜单配置', nameEn: 'Menu settings', alias: 'setting' },
        ],
      },
      {
        code: 'tenant', name: '租户管理', nameEn: 'Tenants', path: '/system/tenant', source: 'ReconciliationOutlined', sort: 12,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'tenant_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'tenant_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'tenant_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'tenant_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'tenant_setting', name: '授权配置', nameEn: 'Licence settings', alias: 'setting' },
          { code: 'tenant_datasource', name: '数据源配置', nameEn: 'Data source settings', alias: 'datasource' },
          { code: 'tenant_assign_package', name: '套餐配置', nameEn: 'Package settings', alias: 'package' },
        ],
      },
      {
        // Tenant packages: add, edit, delete only; no view (platform-core §6).
        code: 'tenant_package', name: '租户套餐', nameEn: 'Tenant packages', path: '/system/tenant-package', source: 'GiftOutlined', sort: 13,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'tenant_package_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'tenant_package_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'tenant_package_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
        ],
      },
      {
        code: 'client', name: '应用管理', nameEn: 'Clients', path: '/system/client', source: 'AppstoreOutlined', sort: 14,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'client_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'client_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'client_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'client_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'data_scope', name: '数据权限', nameEn: 'Data scopes', path: '/system/data-scope', source: 'FunnelPlotOutlined', sort: 15,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'data_scope_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'data_scope_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'data_scope_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'data_scope_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'data_scope_setting', name: '权限配置', nameEn: 'Scope settings', alias: 'setting' },
        ],
      },
      {
        code: 'api_scope', name: '接口权限', nameEn: 'API scopes', path: '/system/api-scope', source: 'SecurityScanOutlined', sort: 16,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'api_scope_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'api_scope_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'api_scope_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'api_scope_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'api_scope_setting', name: '权限配置', nameEn: 'Scope settings', alias: 'setting' },
        ],
      },
      {
        code: 'dept_package', name: '部门套餐', nameEn: 'Department packages', path: '/system/dept-package', source: 'GiftOutlined', sort: 17,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'dept_package_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'dept_package_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'dept_package_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'dept_package_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'dept_package_bind', name: '绑定部门', nameEn: 'Bind departments', alias: 'bind' },
        ],
      },
      {
        code: 'app_version', name: 'APP版本管理', nameEn: 'App versions', path: '/appVersion/index', source: 'MobileOutlined', sort: 18,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'app_version_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'app_version_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'app_version_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'app_version_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 资源管理 ───────────────────────────────
  {
    code: 'resource', name: '资源管理', nameEn: 'Resources', path: '/resource', source: 'CloudServerOutlined', sort: 91,
    roles: MANAGERS,
    children: [
      {
        code: 'attach', name: '附件管理', nameEn: 'Attachments', path: '/resource/attach', source: 'PaperClipOutlined', sort: 1,
        buttons: [
          { code: 'attach_add', name: '上传', nameEn: 'Upload', alias: 'add' },
          { code: 'attach_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'attach_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'attach_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'attach_download', name: '下载', nameEn: 'Download', alias: 'download' },
        ],
      },
      {
        code: 'oss', name: '对象存储', nameEn: 'Object storage', path: '/resource/oss', source: 'CloudUploadOutlined', sort: 2,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'oss_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'oss_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'oss_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'oss_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'oss_enable', name: '启用', nameEn: 'Enable', alias: 'enable' },
        ],
      },
      {
        code: 'sms', name: '短信配置', nameEn: 'SMS settings', path: '/resource/sms', source: 'MailOutlined', sort: 3,
        roles: ADMIN_ONLY,
        buttons: [
          { code: 'sms_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'sms_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'sms_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'sms_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'sms_enable', name: '启用', nameEn: 'Enable', alias: 'enable' },
          { code: 'sms_send', name: '发送测试', nameEn: 'Send test message', alias: 'send' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 日志管理 ───────────────────────────────
  {
    code: 'log', name: '日志管理', nameEn: 'Logs', path: '/log', source: 'FileSearchOutlined', sort: 92,
    roles: ADMIN_ONLY,
    children: [
      {
        code: 'log_usual', name: '通用日志', nameEn: 'General log', path: '/log/usual', source: 'FileTextOutlined', sort: 1,
        buttons: [
          { code: 'log_usual_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'log_usual_clear', name: '清空', nameEn: 'Clear', alias: 'clear' },
        ],
      },
      {
        code: 'log_api', name: '接口日志', nameEn: 'API log', path: '/log/api', source: 'ApiOutlined', sort: 2,
        buttons: [
          { code: 'log_api_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'log_api_clear', name: '清空', nameEn: 'Clear', alias: 'clear' },
        ],
      },
      {
        code: 'log_error', name: '错误日志', nameEn: 'Error log', path: '/log/error', source: 'BugOutlined', sort: 3,
        buttons: [
          { code: 'log_error_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'log_error_clear', name: '清空', nameEn: 'Clear', alias: 'clear' },
        ],
      },
      { code: 'self_check', name: '系统自检', nameEn: 'Self-check', path: '/test/index', source: 'SafetyCertificateOutlined', sort: 4 },
    ],
  },

  // ─────────────────────────────── 开发工具 ───────────────────────────────
  {
    code: 'develop', name: '开发工具', nameEn: 'Developer tools', path: '/tool', source: 'CodeOutlined', sort: 93,
    roles: ADMIN_ONLY,
    children: [
      {
        code: 'code', name: '代码生成', nameEn: 'Code generator', path: '/tool/code', source: 'CodeOutlined', sort: 1,
        buttons: [
          { code: 'code_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'code_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'code_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'code_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'code_gen', name: '代码生成', nameEn: 'Generate code', alias: 'gen' },
          { code: 'code_copy', name: '复制', nameEn: 'Copy', alias: 'copy' },
        ],
      },
      {
        code: 'code_model', name: '数据模型', nameEn: 'Data models', path: '/tool/model', source: 'ExperimentOutlined', sort: 2,
        buttons: [
          { code: 'code_model_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'code_model_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'code_model_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'code_model_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'datasource', name: '数据源管理', nameEn: 'Data sources', path: '/tool/datasource', source: 'ConsoleSqlOutlined', sort: 3,
        buttons: [
          { code: 'datasource_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'datasource_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'datasource_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'datasource_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 报表管理 ───────────────────────────────
  {
    code: 'report', name: '报表管理', nameEn: 'Reports', path: '/report', source: 'BarChartOutlined', sort: 94,
    roles: ADMIN_ONLY,
    children: [
      {
        code: 'report_list', name: '报表列表', nameEn: 'Report list', path: '/report/list', source: 'FileExcelOutlined', sort: 1,
        buttons: [
          { code: 'report_list_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'report_list_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
        ],
      },
    ],
  },
];

export const demoTopMenus: TopMenuSeed[] = [
  {
    code: 'top_desk', name: '日常办公', nameEn: 'Daily work', source: 'ScheduleOutlined', sort: 1,
    menuCodes: ['desk', 'message_center', 'event', 'work'],
  },
  {
    code: 'top_business', name: '业务管理', nameEn: 'Operations', source: 'AppstoreOutlined', sort: 2,
    menuCodes: ['ledger', 'inspect', 'maintain', 'clean', 'event', 'river', 'reservoir', 'engineering', 'urgent', 'facility'],
  },
  {
    code: 'top_monitor', name: '监测预警', nameEn: 'Monitoring', source: 'DashboardOutlined', sort: 3,
    menuCodes: ['monitor', 'video', 'one_picture', 'map', 'big_screen'],
  },
  {
    code: 'top_system', name: '系统管理', nameEn: 'Administration', source: 'SettingOutlined', sort: 4,
    menuCodes: ['system', 'resource', 'log', 'develop', 'report', 'flow'],
  },
];
