/**
 * Demo menu tree, button permission codes and top menus of the Reservoir Safety Console.
 *
 * Plain seed data (no logic): the menus that have no register — directories, screens, workflow,
 * shell pages — covering every console route of platform-core §2 and business-domain §2 reached
 * from a menu. A register's menu and buttons come from its schema (x-menu, schemaMenus.ts) and are
 * hung under their parent here by code; the hidden detail/add/edit pages of those registers are
 * `attachedMenus`. Codes are unique across menus and buttons; buttons use `<menuCode>_<action>`.
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
    code: 'desk',
    name: '工作台',
    nameEn: 'Workbench',
    path: '/wel',
    source: 'HomeOutlined',
    sort: 1,
    roles: ALL_STAFF,
    children: [
      {
        code: 'wel',
        name: '我的工作台',
        nameEn: 'My workbench',
        path: '/wel/index',
        source: 'DesktopOutlined',
        sort: 1,
        // Field staff upload and open the photos of their work (events, inspections): pictures only (resource/photoAccess.ts).
        buttons: [{ code: 'wel_photos', name: '上传和查看照片', nameEn: 'Upload and view photos', alias: 'photos', roles: ALL_STAFF }],
      },
      { code: 'dashboard', name: '控制台', nameEn: 'Dashboard', path: '/wel/dashboard', source: 'DashboardOutlined', sort: 2, alias: 'hideMenu' },
      {
        code: 'info',
        name: '个人信息',
        nameEn: 'Personal info',
        path: '/info/index',
        source: 'UserOutlined',
        sort: 3,
        children: [
          { code: 'info_user', name: '用户资料', nameEn: 'User profile', path: '/userInfo', source: 'IdcardOutlined', sort: 1, alias: 'hideMenu' },
          {
            code: 'info_security',
            name: '安全设置',
            nameEn: 'Security settings',
            path: '/securitySetting',
            source: 'LockOutlined',
            sort: 2,
            alias: 'hideMenu',
          },
        ],
      },
    ],
  },

  // ─────────────────────────────── 消息中心 ───────────────────────────────
  {
    code: 'message_center',
    name: '消息中心',
    nameEn: 'Message centre',
    path: '/message',
    source: 'BellOutlined',
    sort: 2,
    roles: ALL_STAFF,
    // The inbox pages have no buttons: everyone reads, marks and deletes their own messages (the server only ever touches the caller's rows).
    children: [
      {
        code: 'message',
        name: '系统消息',
        nameEn: 'System messages',
        path: '/message/index',
        source: 'MessageOutlined',
        sort: 1,
        children: [
          {
            code: 'notice_province_detail',
            name: '舆情工单详情',
            nameEn: 'Sentiment order detail',
            path: '/province/detail',
            source: 'FileTextOutlined',
            sort: 1,
            alias: 'hideMenu',
          },
          {
            code: 'notice_order_detail',
            name: '工单详情',
            nameEn: 'Work order detail',
            path: '/order/info/detail',
            source: 'FileTextOutlined',
            sort: 2,
            alias: 'hideMenu',
          },
        ],
      },
      {
        code: 'notification',
        name: '我的通知',
        nameEn: 'My notifications',
        path: '/system/notification',
        source: 'NotificationOutlined',
        sort: 2,
      },
    ],
  },

  // ─────────────────────────────── 我的事务（流程任务中心） ───────────────────────────────
  {
    code: 'work',
    name: '我的事务',
    nameEn: 'My tasks',
    path: '/work',
    source: 'SolutionOutlined',
    sort: 3,
    roles: MANAGERS,
    children: [
      {
        code: 'work_start',
        name: '发起事务',
        nameEn: 'Start a process',
        path: '/work/start',
        source: 'PlayCircleOutlined',
        sort: 1,
        buttons: [
          { code: 'work_start_launch', name: '发起', nameEn: 'Launch', alias: 'launch' },
          { code: 'work_start_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_claim',
        name: '待签事务',
        nameEn: 'Tasks to claim',
        path: '/work/claim',
        source: 'CarryOutOutlined',
        sort: 2,
        buttons: [
          { code: 'work_claim_claim', name: '签收', nameEn: 'Claim', alias: 'claim' },
          { code: 'work_claim_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_todo',
        name: '待办事务',
        nameEn: 'To-do tasks',
        path: '/work/todo',
        source: 'ScheduleOutlined',
        sort: 3,
        buttons: [
          { code: 'work_todo_handle', name: '办理', nameEn: 'Handle', alias: 'handle' },
          { code: 'work_todo_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_send',
        name: '已发事务',
        nameEn: 'Sent processes',
        path: '/work/send',
        source: 'SendOutlined',
        sort: 4,
        buttons: [
          { code: 'work_send_withdraw', name: '撤回', nameEn: 'Withdraw', alias: 'withdraw' },
          { code: 'work_send_urge', name: '催办', nameEn: 'Urge', alias: 'urge' },
          { code: 'work_send_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'work_done',
        name: '办结事务',
        nameEn: 'Completed tasks',
        path: '/work/done',
        source: 'CheckCircleOutlined',
        sort: 5,
        buttons: [{ code: 'work_done_view', name: '查看', nameEn: 'View', alias: 'view' }],
      },
      {
        code: 'work_copy',
        name: '抄送事务',
        nameEn: 'Copied to me',
        path: '/work/copy',
        source: 'CopyOutlined',
        sort: 6,
        buttons: [{ code: 'work_copy_view', name: '查看', nameEn: 'View', alias: 'view' }],
      },
      {
        code: 'work_leave',
        name: '请假流程',
        nameEn: 'Leave requests',
        path: '/work/leave',
        source: 'CalendarOutlined',
        sort: 7,
        buttons: [
          { code: 'work_leave_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'work_leave_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'work_leave_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'work_leave_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
        // The leave pages of platform-core §2 (their addresses carry ids; the console gates them by these paths).
        children: [
          {
            code: 'work_leave_form',
            name: '请假申请',
            nameEn: 'Leave application',
            path: '/work/process/leave/form',
            source: 'FormOutlined',
            sort: 1,
            alias: 'hideMenu',
          },
          {
            code: 'work_leave_handle',
            name: '请假审批',
            nameEn: 'Leave approval',
            path: '/work/process/leave/handle',
            source: 'AuditOutlined',
            sort: 2,
            alias: 'hideMenu',
          },
          {
            code: 'work_leave_detail',
            name: '请假详情',
            nameEn: 'Leave detail',
            path: '/work/process/leave/detail',
            source: 'FileTextOutlined',
            sort: 3,
            alias: 'hideMenu',
          },
        ],
      },
      // The process pages of platform-core §2, opened from the task lists (their addresses carry the parameters).
      {
        code: 'work_process_start',
        name: '发起流程',
        nameEn: 'Start a process',
        path: '/workflow/process/start',
        source: 'PlayCircleOutlined',
        sort: 8,
        alias: 'hideMenu',
      },
      {
        code: 'work_process_detail',
        name: '流程详情',
        nameEn: 'Process detail',
        path: '/workflow/process/detail',
        source: 'FileSearchOutlined',
        sort: 9,
        alias: 'hideMenu',
      },
    ],
  },

  // ─────────────────────────────── 台账管理 ───────────────────────────────
  {
    code: 'ledger',
    name: '台账管理',
    nameEn: 'Ledgers',
    path: '/ledger',
    source: 'BookOutlined',
    sort: 10,
    roles: MANAGERS,
  },

  // ─────────────────────────────── 巡查管理 ───────────────────────────────
  {
    code: 'inspect',
    name: '巡查管理',
    nameEn: 'Inspection',
    path: '/inspect',
    source: 'AuditOutlined',
    sort: 11,
    roles: MANAGERS_AND_INSPECTOR,
  },

  // ─────────────────────────────── 维修养护 ───────────────────────────────
  {
    code: 'maintain',
    name: '维修养护',
    nameEn: 'Maintenance',
    path: '/maintain',
    source: 'ToolOutlined',
    sort: 12,
    roles: MANAGERS_AND_INSPECTOR,
  },

  // ─────────────────────────────── 保洁管理 ───────────────────────────────
  {
    code: 'clean',
    name: '保洁管理',
    nameEn: 'Cleaning',
    path: '/clean',
    source: 'ClearOutlined',
    sort: 13,
    roles: MANAGERS,
  },

  // ─────────────────────────────── 事件管理 ───────────────────────────────
  // For river_chief the console shows 待签收 (/event/received/index) as 问题台账 (platform-core §6).
  {
    code: 'event',
    name: '事件管理',
    nameEn: 'Events',
    path: '/event',
    source: 'AlertOutlined',
    sort: 14,
    roles: ALL_STAFF,
    children: [
      {
        code: 'event_received',
        name: '待签收',
        nameEn: 'To be signed for',
        path: '/event/received/index',
        source: 'InboxOutlined',
        sort: 1,
        buttons: [
          { code: 'event_received_add', name: '事件上报', nameEn: 'Report event', alias: 'add', roles: ALL_STAFF },
          // The reporter corrects a report before it is signed for (the event rules allow only the reporter or a manager).
          { code: 'event_received_edit', name: '修改', nameEn: 'Edit', alias: 'edit', roles: ALL_STAFF },
          { code: 'event_received_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'event_received_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'event_received_accept', name: '签收', nameEn: 'Sign for', alias: 'accept', roles: MANAGERS_AND_CHIEF },
          { code: 'event_received_assign', name: '交办', nameEn: 'Assign', alias: 'assign', roles: MANAGERS_AND_CHIEF },
          { code: 'event_received_send_back', name: '退回', nameEn: 'Send back', alias: 'sendBack', roles: MANAGERS_AND_CHIEF },
          { code: 'event_received_discretion', name: '现场处置', nameEn: 'Handle on the spot', alias: 'discretion', roles: MANAGERS_AND_CHIEF },
          { code: 'event_received_correct', name: 'AI纠错', nameEn: 'Mark false alarm', alias: 'aiCorrect', roles: MANAGERS_AND_CHIEF },
          // Only the reporter may withdraw (the transition's actor rule); every staff role may report.
          { code: 'event_received_withdraw', name: '撤回', nameEn: 'Withdraw', alias: 'withdraw', roles: ALL_STAFF },
        ],
      },
      {
        code: 'event_processing',
        name: '处理中',
        nameEn: 'In handling',
        path: '/event/processing/index',
        source: 'SyncOutlined',
        sort: 2,
        buttons: [
          { code: 'event_processing_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'event_processing_export', name: '导出', nameEn: 'Export', alias: 'export' },
          // Only the current handler may process (actor rule), whatever their role.
          { code: 'event_processing_process', name: '处理', nameEn: 'Handle', alias: 'process', roles: ALL_STAFF },
          { code: 'event_processing_dept_process', name: '部门处理', nameEn: 'Handle for the department', alias: 'deptProcess', roles: MANAGERS },
          { code: 'event_processing_chief_process', name: '河长处理', nameEn: 'Handle as river chief', alias: 'chiefProcess', roles: ['river_chief'] },
          { code: 'event_processing_audit', name: '复核', nameEn: 'Re-check', alias: 'audit', roles: MANAGERS },
          { code: 'event_processing_approve', name: '河长审批', nameEn: 'Approve', alias: 'approve', roles: ['river_chief'] },
          { code: 'event_processing_close', name: '销号', nameEn: 'Close', alias: 'close', roles: ['river_chief', 'subject_admin'] },
        ],
      },
      {
        code: 'event_terminated',
        name: '已完成',
        nameEn: 'Completed',
        path: '/event/terminated/index',
        source: 'CheckCircleOutlined',
        sort: 3,
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
    code: 'river',
    name: '河湖巡查',
    nameEn: 'River patrol',
    path: '/river',
    source: 'CompassOutlined',
    sort: 15,
    roles: MANAGERS_AND_CHIEF,
    children: [
      {
        code: 'river_inspect',
        name: '巡河记录',
        nameEn: 'River patrol records',
        path: '/river/inspect/index',
        source: 'NodeIndexOutlined',
        sort: 1,
        children: [
          {
            code: 'river_inspect_detail',
            name: '巡河记录详情',
            nameEn: 'River patrol detail',
            path: '/river/inspect/detail',
            source: 'FileTextOutlined',
            sort: 1,
            alias: 'hideMenu',
          },
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
    code: 'reservoir',
    name: '水库档案',
    nameEn: 'Reservoir archive',
    path: '/reservoir',
    source: 'DatabaseOutlined',
    sort: 20,
    roles: MANAGERS,
    // The reservoirs themselves (水库名录) are listed once, at 工程管理 → 水库工程 (project_mgr): one register, one page.
  },

  // ─────────────────────────────── 工程管理 ───────────────────────────────
  {
    code: 'engineering',
    name: '工程管理',
    nameEn: 'Engineering',
    path: '/engineering',
    source: 'BuildOutlined',
    sort: 21,
    roles: MANAGERS,
  },

  // ─────────────────────────────── 应急管理 ───────────────────────────────
  {
    code: 'urgent',
    name: '应急管理',
    nameEn: 'Emergency management',
    path: '/urgent',
    source: 'MedicineBoxOutlined',
    sort: 22,
    roles: MANAGERS,
    children: [
      {
        code: 'urgent_supplies',
        name: '应急物资',
        nameEn: 'Emergency supplies',
        path: '/urgent/supplies',
        source: 'GoldOutlined',
        sort: 4,
      },
    ],
  },

  // ─────────────────────────────── 设施设备 ───────────────────────────────
  {
    code: 'facility',
    name: '设施设备',
    nameEn: 'Facilities',
    path: '/facility',
    source: 'ClusterOutlined',
    sort: 23,
    roles: MANAGERS,
  },

  // ─────────────────────────────── 监测预警 ───────────────────────────────
  {
    code: 'monitor',
    name: '监测预警',
    nameEn: 'Monitoring and warning',
    path: '/monitor',
    source: 'LineChartOutlined',
    sort: 30,
    roles: MANAGERS,
    children: [
      {
        code: 'water_situation',
        name: '水雨情监测',
        nameEn: 'Rain and water situation',
        path: '/rain-monitoring/water-situation/index',
        source: 'CloudOutlined',
        sort: 1,
      },
      {
        code: 'monitor_water_level',
        name: '库水位',
        nameEn: 'Reservoir water level',
        path: '/monitor/water-level',
        source: 'ColumnHeightOutlined',
        sort: 2,
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
        code: 'monitor_rainfall',
        name: '雨量监测',
        nameEn: 'Rainfall',
        path: '/monitor/rainfall',
        source: 'ThunderboltOutlined',
        sort: 3,
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
        code: 'monitor_seepage_flow',
        name: '渗流量监测',
        nameEn: 'Seepage flow',
        path: '/monitor/seepage-flow',
        source: 'FundOutlined',
        sort: 4,
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
        code: 'monitor_seepage_pressure',
        name: '渗压监测',
        nameEn: 'Seepage pressure',
        path: '/monitor/seepage-pressure',
        source: 'FundOutlined',
        sort: 5,
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
        code: 'monitor_transshape',
        name: '变形监测',
        nameEn: 'Deformation',
        path: '/monitor/transshape',
        source: 'FundOutlined',
        sort: 6,
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
        code: 'monitor_warning_log',
        name: '预警记录',
        nameEn: 'Warning log',
        path: '/monitor/warning-log',
        source: 'AlertOutlined',
        sort: 7,
        buttons: [
          { code: 'monitor_warning_log_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'monitor_warning_log_export', name: '导出', nameEn: 'Export', alias: 'export' },
          { code: 'monitor_warning_log_report', name: '日月年报表', nameEn: 'Day/month/year report', alias: 'report' },
        ],
      },
      {
        code: 'monitor_index_limit',
        name: '指标阈值',
        nameEn: 'Monitoring index limits',
        path: '/monitor/index-limit',
        source: 'SlidersOutlined',
        sort: 8,
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
    code: 'video',
    name: '视频监控',
    nameEn: 'Video surveillance',
    path: '/video',
    source: 'VideoCameraOutlined',
    sort: 31,
    roles: MANAGERS,
    children: [
      {
        code: 'video_monitor',
        name: '实时视频',
        nameEn: 'Live video',
        path: '/monitor/video/index',
        source: 'EyeOutlined',
        sort: 1,
        children: [
          {
            code: 'video_detail',
            name: '视频详情',
            nameEn: 'Video detail',
            path: '/monitor/video/detail',
            source: 'FileTextOutlined',
            sort: 1,
            alias: 'hideMenu',
          },
        ],
        buttons: [
          { code: 'video_monitor_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'video_monitor_control', name: '云台控制', nameEn: 'PTZ control', alias: 'control' },
        ],
      },
      {
        code: 'video_warning',
        name: 'AI历史告警',
        nameEn: 'AI alarm history',
        path: '/monitor/video/historyWarning',
        source: 'ExceptionOutlined',
        sort: 2,
        buttons: [
          { code: 'video_warning_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'video_warning_export', name: '导出', nameEn: 'Export', alias: 'export' },
          // 转为事件: POST /api/v2/inspect/event/aiPhotoAssign (the event register's endpoint, on this page).
          { code: 'camera_warning_assign', name: '转为事件', nameEn: 'Turn into event', alias: 'assign' },
          // 误报: POST /api/v2/inspect/cameraWarning/ignore.
          { code: 'camera_warning_ignore', name: '误报', nameEn: 'False alarm', alias: 'ignore' },
        ],
      },
    ],
  },

  // ─────────────────────────────── 一张图 / 地图 / 大屏 ───────────────────────────────
  {
    code: 'one_picture',
    name: '水库一张图',
    nameEn: 'Reservoir one-picture map',
    path: '/one-picture/index',
    source: 'PictureOutlined',
    sort: 32,
    roles: MANAGERS,
    // 编辑公告: POST /api/v2/inspect/map/saveNotice (the map's notice board).
    buttons: [{ code: 'one_picture_notice', name: '编辑公告', nameEn: 'Edit notice', alias: 'notice' }],
  },
  {
    // The console picks the province or county view of public sentiment by role and dept_region_code.
    code: 'map',
    name: '地图监管',
    nameEn: 'Map supervision',
    path: '/map',
    source: 'GlobalOutlined',
    sort: 33,
    roles: MANAGERS,
    children: [
      { code: 'map_sentiment', name: '公众舆情', nameEn: 'Public sentiment', path: '/map/province', source: 'EnvironmentOutlined', sort: 1 },
      {
        code: 'map_county',
        name: '公众舆情(区县)',
        nameEn: 'Public sentiment (county)',
        path: '/map/county',
        source: 'EnvironmentOutlined',
        sort: 2,
        alias: 'hideMenu',
      },
      { code: 'map_monitor', name: '监控地图', nameEn: 'Monitoring map', path: '/map/monitor', source: 'MonitorOutlined', sort: 3, isOpen: 2 },
    ],
  },
  {
    code: 'big_screen',
    name: '智慧大屏',
    nameEn: 'Big screens',
    path: '/screen',
    source: 'FundProjectionScreenOutlined',
    sort: 34,
    roles: MANAGERS_AND_CHIEF,
    children: [
      {
        code: 'screen_inspection',
        name: '水库巡查智慧大屏',
        nameEn: 'Reservoir inspection big screen',
        path: '/big-screen/inspection',
        source: 'FundProjectionScreenOutlined',
        sort: 1,
        isOpen: 2,
        roles: MANAGERS,
      },
      {
        code: 'screen_matrix',
        name: '水库运行管理矩阵',
        nameEn: 'Reservoir management matrix screen',
        path: '/show-big-screen/siquan/index',
        source: 'FundProjectionScreenOutlined',
        sort: 2,
        isOpen: 2,
        roles: MANAGERS,
      },
      {
        code: 'screen_river',
        name: '河长智慧大屏',
        nameEn: 'River chief big screen',
        path: '/river-big-screen/index',
        source: 'FundProjectionScreenOutlined',
        sort: 3,
        isOpen: 2,
      },
    ],
  },

  // ─────────────────────────────── 流程管理（设计与运维） ───────────────────────────────
  {
    code: 'flow',
    name: '流程管理',
    nameEn: 'Workflow',
    path: '/workflow',
    source: 'ApartmentOutlined',
    sort: 80,
    roles: ADMIN_ONLY,
    children: [
      {
        code: 'flow_model',
        name: '模型设计',
        nameEn: 'Process models',
        path: '/workflow/design/model',
        source: 'PartitionOutlined',
        sort: 1,
        buttons: [
          { code: 'flow_model_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_model_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_model_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_model_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'flow_model_deploy', name: '部署', nameEn: 'Deploy', alias: 'publish' },
        ],
        children: [
          {
            code: 'flow_model_design',
            name: '流程设计',
            nameEn: 'Process designer',
            path: '/workflow/design/process',
            source: 'EditOutlined',
            sort: 1,
            alias: 'hideMenu',
          },
          {
            code: 'flow_model_history',
            name: '模型历史',
            nameEn: 'Model history',
            path: '/workflow/design/model/history',
            source: 'HistoryOutlined',
            sort: 2,
            alias: 'hideMenu',
          },
        ],
      },
      {
        code: 'flow_deployment',
        name: '部署管理',
        nameEn: 'Deployments',
        path: '/workflow/design/deployment',
        source: 'DeploymentUnitOutlined',
        sort: 2,
        buttons: [
          { code: 'flow_deployment_edit', name: '变更分类', nameEn: 'Change category', alias: 'edit' },
          { code: 'flow_deployment_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_deployment_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'flow_deployment_publish', name: '激活', nameEn: 'Activate', alias: 'publish' },
          { code: 'flow_deployment_stop', name: '挂起', nameEn: 'Suspend', alias: 'stop' },
        ],
      },
      {
        code: 'flow_form',
        name: '表单设计',
        nameEn: 'Forms',
        path: '/workflow/design/form',
        source: 'FormOutlined',
        sort: 3,
        buttons: [
          { code: 'flow_form_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_form_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_form_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_form_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
        children: [
          {
            code: 'flow_form_history',
            name: '表单历史',
            nameEn: 'Form history',
            path: '/workflow/design/form/history',
            source: 'HistoryOutlined',
            sort: 1,
            alias: 'hideMenu',
          },
        ],
      },
      {
        code: 'flow_form_default',
        name: '表单默认值',
        nameEn: 'Form default values',
        path: '/workflow/design/form-default',
        source: 'SnippetsOutlined',
        sort: 4,
        buttons: [
          { code: 'flow_form_default_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_form_default_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_form_default_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_form_default_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_button',
        name: '流程按钮',
        nameEn: 'Process buttons',
        path: '/workflow/design/button',
        source: 'ControlOutlined',
        sort: 5,
        buttons: [
          { code: 'flow_button_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_button_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_button_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_button_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_category',
        name: '流程分类',
        nameEn: 'Process categories',
        path: '/workflow/design/category',
        source: 'TagsOutlined',
        sort: 6,
        buttons: [
          { code: 'flow_category_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_category_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_category_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_category_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_condition',
        name: '流转条件',
        nameEn: 'Flow conditions',
        path: '/workflow/design/condition',
        source: 'BranchesOutlined',
        sort: 7,
        buttons: [
          { code: 'flow_condition_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_condition_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_condition_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_condition_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_proxy',
        name: '流程代理',
        nameEn: 'Process proxies',
        path: '/workflow/ops/proxy',
        source: 'UserSwitchOutlined',
        sort: 8,
        buttons: [
          { code: 'flow_proxy_add', name: '新增', nameEn: 'Add', alias: 'add' },
          { code: 'flow_proxy_edit', name: '修改', nameEn: 'Edit', alias: 'edit' },
          { code: 'flow_proxy_delete', name: '删除', nameEn: 'Delete', alias: 'delete' },
          { code: 'flow_proxy_view', name: '查看', nameEn: 'View', alias: 'view' },
        ],
      },
      {
        code: 'flow_follow',
        name: '流程监控',
        nameEn: 'Process monitor',
        path: '/workflow/ops/follow',
        source: 'MonitorOutlined',
        sort: 9,
        buttons: [
          { code: 'flow_follow_view', name: '查看', nameEn: 'View', alias: 'view' },
          { code: 'flow_follow_delete', name: '删除实例', nameEn: 'Delete instance', alias: 'delete' },
          { code: 'flow_follow_stop', name: '终止', nameEn: 'Terminate', alias: 'stop' },
          { code: 'flow_follow_edit', name: '变更办理人', nameEn: 'Change assignee', alias: 'edit' },
        ],
      },
      {
        code: 'flow_statistics',
        name: '流程统计',
        nameEn: 'Process statistics',
        path: '/workflow/statistics',
        source: 'PieChartOutlined',
        sort: 10,
        buttons: [{ code: 'flow_statistics_view', name: '查看', nameEn: 'View', alias: 'view' }],
      },
    ],
  },

  // ─────────────────────────────── 系统管理 ───────────────────────────────
  {
    code: 'system',
    name: '系统管理',
    nameEn: 'System',
    path: '/system',
    source: 'SettingOutlined',
    sort: 90,
    roles: MANAGERS,
    children: [
      // Tree layout of the same dictionaries (the dict menu comes from schemas/system/dict.json); the page checks the dict_* button codes.
      { code: 'dict_vertical', name: '系统字典(树形)', nameEn: 'Dictionaries (tree view)', path: '/dict-vertical/index', source: 'ReadOutlined', sort: 7 },
    ],
  },

  // ─────────────────────────────── 资源管理 ───────────────────────────────
  {
    code: 'resource',
    name: '资源管理',
    nameEn: 'Resources',
    path: '/resource',
    source: 'CloudServerOutlined',
    sort: 91,
    roles: MANAGERS,
  },

  // ─────────────────────────────── 日志管理 ───────────────────────────────
  {
    code: 'log',
    name: '日志管理',
    nameEn: 'Logs',
    path: '/log',
    source: 'FileSearchOutlined',
    sort: 92,
    roles: ADMIN_ONLY,
    children: [{ code: 'self_check', name: '系统自检', nameEn: 'Self-check', path: '/test/index', source: 'SafetyCertificateOutlined', sort: 4 }],
  },

  // ─────────────────────────────── 开发工具 ───────────────────────────────
  {
    code: 'develop',
    name: '开发工具',
    nameEn: 'Developer tools',
    path: '/tool',
    source: 'CodeOutlined',
    sort: 93,
    roles: ADMIN_ONLY,
  },

  // ─────────────────────────────── 报表管理 ───────────────────────────────
  {
    code: 'report',
    name: '报表管理',
    nameEn: 'Reports',
    path: '/report',
    source: 'BarChartOutlined',
    sort: 94,
    roles: ADMIN_ONLY,
  },
];

/**
 * Hidden pages of registers whose menu the schema declares (x-menu): detail and form pages hung
 * under the register's menu by its code.
 */
export const attachedMenus: { parent: string; menus: MenuSeed[] }[] = [
  {
    parent: 'camera',
    menus: [
      {
        code: 'camera_detail',
        name: '摄像头详情',
        nameEn: 'Camera detail',
        path: '/skvideo/camera/detail',
        source: 'FileTextOutlined',
        sort: 1,
        alias: 'hideMenu',
      },
    ],
  },
  {
    parent: 'clean_mgr',
    menus: [
      {
        code: 'clean_mgr_add_items',
        name: '新增保洁项目',
        nameEn: 'Add cleaning items',
        path: '/clean/cleanMgr/add-clean-items',
        source: 'FormOutlined',
        sort: 1,
        alias: 'hideMenu',
      },
      {
        code: 'clean_mgr_edit_items',
        name: '编辑保洁项目',
        nameEn: 'Edit cleaning items',
        path: '/clean/cleanMgr/edit-clean-items',
        source: 'FormOutlined',
        sort: 2,
        alias: 'hideMenu',
      },
    ],
  },
  {
    parent: 'clean_record',
    menus: [
      {
        code: 'clean_record_detail',
        name: '保洁记录详情',
        nameEn: 'Cleaning record detail',
        path: '/clean/cleanRecord/detail',
        source: 'FileTextOutlined',
        sort: 1,
        alias: 'hideMenu',
      },
    ],
  },
  {
    parent: 'inspect_mgr',
    menus: [
      {
        code: 'inspect_mgr_add_items',
        name: '新增巡查项目',
        nameEn: 'Add inspection items',
        path: '/inspect/inspectMgr/add-inspect-items',
        source: 'FormOutlined',
        sort: 1,
        alias: 'hideMenu',
      },
      {
        code: 'inspect_mgr_edit_items',
        name: '编辑巡查项目',
        nameEn: 'Edit inspection items',
        path: '/inspect/inspectMgr/edit-inspect-items',
        source: 'FormOutlined',
        sort: 2,
        alias: 'hideMenu',
      },
    ],
  },
  {
    parent: 'inspect_plan',
    menus: [
      {
        code: 'inspect_plan_create',
        name: '新建巡查计划',
        nameEn: 'New inspection plan',
        path: '/inspect-plan/add',
        source: 'FormOutlined',
        sort: 1,
        alias: 'hideMenu',
      },
      {
        code: 'inspect_plan_detail',
        name: '巡查计划详情',
        nameEn: 'Inspection plan detail',
        path: '/inspect-plan/detail',
        source: 'FileTextOutlined',
        sort: 2,
        alias: 'hideMenu',
      },
    ],
  },
  {
    parent: 'inspect_record',
    menus: [
      {
        code: 'inspect_record_detail',
        name: '巡查记录详情',
        nameEn: 'Inspection record detail',
        path: '/inspect/inspectRecord/detail',
        source: 'FileTextOutlined',
        sort: 1,
        alias: 'hideMenu',
      },
      {
        code: 'inspect_event_detail',
        name: '巡查事件详情',
        nameEn: 'Inspection event detail',
        path: '/inspect/inspectEvent/detail',
        source: 'FileTextOutlined',
        sort: 2,
        alias: 'hideMenu',
      },
    ],
  },
  {
    parent: 'maintain_mgr',
    menus: [
      {
        code: 'maintain_mgr_add_items',
        name: '新增养护项目',
        nameEn: 'Add maintenance items',
        path: '/maintain/maintainMgr/add-maintain-items',
        source: 'FormOutlined',
        sort: 1,
        alias: 'hideMenu',
      },
      {
        code: 'maintain_mgr_edit_items',
        name: '编辑养护项目',
        nameEn: 'Edit maintenance items',
        path: '/maintain/maintainMgr/edit-maintain-items',
        source: 'FormOutlined',
        sort: 2,
        alias: 'hideMenu',
      },
    ],
  },
  {
    parent: 'maintain_record',
    menus: [
      {
        code: 'maintain_record_detail',
        name: '养护记录详情',
        nameEn: 'Maintenance record detail',
        path: '/maintain/record/detail',
        source: 'FileTextOutlined',
        sort: 1,
        alias: 'hideMenu',
      },
    ],
  },
  {
    parent: 'project_mgr',
    menus: [
      {
        code: 'project_mgr_detail',
        name: '工程详情',
        nameEn: 'Project detail',
        path: '/system/projectMgr/detail',
        source: 'FileTextOutlined',
        sort: 1,
        alias: 'hideMenu',
      },
      {
        code: 'project_mgr_create',
        name: '新增工程',
        nameEn: 'New project',
        path: '/system/projectMgr/add',
        source: 'FormOutlined',
        sort: 2,
        alias: 'hideMenu',
      },
      {
        code: 'project_mgr_update',
        name: '编辑工程',
        nameEn: 'Edit project',
        path: '/system/projectMgr/edit',
        source: 'FormOutlined',
        sort: 3,
        alias: 'hideMenu',
      },
    ],
  },
];

export const demoTopMenus: TopMenuSeed[] = [
  {
    code: 'top_desk',
    name: '日常办公',
    nameEn: 'Daily work',
    source: 'ScheduleOutlined',
    sort: 1,
    menuCodes: ['desk', 'message_center', 'event', 'work'],
  },
  {
    code: 'top_business',
    name: '业务管理',
    nameEn: 'Operations',
    source: 'AppstoreOutlined',
    sort: 2,
    menuCodes: ['ledger', 'inspect', 'maintain', 'clean', 'event', 'river', 'reservoir', 'engineering', 'urgent', 'facility'],
  },
  {
    code: 'top_monitor',
    name: '监测预警',
    nameEn: 'Monitoring',
    source: 'DashboardOutlined',
    sort: 3,
    menuCodes: ['monitor', 'video', 'one_picture', 'map', 'big_screen'],
  },
  {
    code: 'top_system',
    name: '系统管理',
    nameEn: 'Administration',
    source: 'SettingOutlined',
    sort: 4,
    menuCodes: ['system', 'resource', 'log', 'develop', 'report', 'flow'],
  },
];
