/**
 * Seed data: dictionaries and system parameters.
 * Platform dictionaries (isSealed) follow the SpringBlade seeds; business dictionaries follow
 * /work/shared/reference/domain.md. Keys are digit strings because blade_dict.dict_key is an int.
 */
import type { DictSeed, ParamSeed } from './seedTypes.js';
import { inspectionDictionaries } from './inspectionDictionaries.js';
import { reservoirDictionaries } from './reservoirDictionaries.js';
import { urgentDictionaries } from './urgentDictionaries.js';

/** System-owned dictionaries (SpringBlade / BladeX conventions). */
const platformDictionaries: DictSeed[] = [
  { code: 'sex', name: '性别', nameEn: 'Sex', isSealed: true, items: [{ key: '1', value: '男', valueEn: 'Male' }, { key: '2', value: '女', valueEn: 'Female' }] },
  { code: 'yes_no', name: '是否', nameEn: 'Yes / No', isSealed: true, items: [{ key: '0', value: '否', valueEn: 'No' }, { key: '1', value: '是', valueEn: 'Yes' }] },
  {
    code: 'notice', name: '通知类型', nameEn: 'Notice type', isSealed: true,
    items: [
      { key: '1', value: '发布通知', valueEn: 'Announcement' }, { key: '2', value: '批转通知', valueEn: 'Endorsed transmittal' }, { key: '3', value: '转发通知', valueEn: 'Forwarded notice' },
      { key: '4', value: '指示通知', valueEn: 'Directive' }, { key: '5', value: '任命通知', valueEn: 'Appointment' }, { key: '9', value: '其他', valueEn: 'Other' },
    ],
  },
  {
    code: 'notice_order_type', name: '消息类型', nameEn: 'Message type', isSealed: true, remark: '系统消息的业务类型，决定点击消息打开的页面',
    items: [
      { key: '1', value: '舆情工单', valueEn: 'Sentiment order' }, { key: '2', value: '工单', valueEn: 'Work order' }, { key: '3', value: '巡查计划', valueEn: 'Inspection plan' },
      { key: '4', value: '巡查记录', valueEn: 'Inspection record' }, { key: '5', value: '维养记录', valueEn: 'Maintenance record' }, { key: '6', value: '保洁记录', valueEn: 'Cleaning record' },
      { key: '9', value: '通知公告', valueEn: 'Announcement' },
    ],
  },
  { code: 'menu_category', name: '菜单类型', nameEn: 'Menu type', isSealed: true, items: [{ key: '1', value: '菜单', valueEn: 'Menu' }, { key: '2', value: '按钮', valueEn: 'Button' }] },
  {
    code: 'button_func', name: '按钮功能', nameEn: 'Button function', isSealed: true,
    items: [{ key: '1', value: '工具栏', valueEn: 'Toolbar' }, { key: '2', value: '操作栏', valueEn: 'Row actions' }, { key: '3', value: '工具操作栏', valueEn: 'Toolbar and row actions' }],
  },
  {
    code: 'data_scope_type', name: '数据权限', nameEn: 'Data scope', isSealed: true,
    items: [
      { key: '1', value: '全部可见', valueEn: 'All data' }, { key: '2', value: '本人可见', valueEn: 'Own data only' }, { key: '3', value: '所在机构可见', valueEn: 'Own department' },
      { key: '4', value: '所在机构及子级可见', valueEn: 'Own department and below' }, { key: '5', value: '自定义', valueEn: 'Custom' },
    ],
  },
  { code: 'api_scope_type', name: '接口权限', nameEn: 'API scope', isSealed: true, items: [{ key: '1', value: '系统接口', valueEn: 'System API' }, { key: '2', value: '业务接口', valueEn: 'Business API' }] },
  {
    code: 'post_category', name: '岗位类型', nameEn: 'Post category', isSealed: true,
    items: [{ key: '1', value: '高层', valueEn: 'Senior management' }, { key: '2', value: '中层', valueEn: 'Middle management' }, { key: '3', value: '基层', valueEn: 'Front line' }, { key: '4', value: '其他', valueEn: 'Other' }],
  },
  {
    code: 'org_category', name: '机构类型', nameEn: 'Organization type', isSealed: true,
    items: [{ key: '1', value: '公司', valueEn: 'Company' }, { key: '2', value: '部门', valueEn: 'Department' }, { key: '3', value: '小组', valueEn: 'Team' }],
  },
  {
    code: 'user_type', name: '用户平台', nameEn: 'User platform', isSealed: true,
    items: [{ key: '1', value: 'Web端', valueEn: 'Web' }, { key: '2', value: 'App端', valueEn: 'Mobile app' }, { key: '3', value: '其他', valueEn: 'Other' }],
  },
  {
    code: 'region', name: '行政区划', nameEn: 'Administrative division', isSealed: true,
    items: [
      { key: '0', value: '国家', valueEn: 'Country' }, { key: '1', value: '省份/直辖市', valueEn: 'Province / municipality' }, { key: '2', value: '地市', valueEn: 'Prefecture / city' },
      { key: '3', value: '区县', valueEn: 'County / district' }, { key: '4', value: '乡镇', valueEn: 'Township' }, { key: '5', value: '村委', valueEn: 'Village' },
    ],
  },
  {
    code: 'tenant_status', name: '租户状态', nameEn: 'Tenant status', isSealed: true,
    items: [
      { key: '1', value: '正常', valueEn: 'Active' },
      { key: '2', value: '已停用', valueEn: 'Disabled', remark: '停用后该租户账号不能登录' },
      { key: '3', value: '已过期', valueEn: 'Expired', remark: '超过授权到期时间' },
    ],
  },
  {
    code: 'flow', name: '流程类型', nameEn: 'Workflow type', isSealed: true,
    items: [
      { key: '1', value: '请假流程', valueEn: 'Leave request' }, { key: '2', value: '报销流程', valueEn: 'Expense claim' },
      { key: '3', value: '隐患处置流程', valueEn: 'Hazard handling', remark: '上报、签收、整改、复核、销号' },
      { key: '4', value: '物资调拨流程', valueEn: 'Supply transfer', remark: '防汛物资出库与调拨审批' },
    ],
  },
  {
    code: 'oss', name: '对象存储类型', nameEn: 'Object storage type', isSealed: true,
    items: [{ key: '1', value: '本地磁盘', valueEn: 'Local disk' }, { key: '2', value: 'S3 兼容存储', valueEn: 'S3-compatible storage', remark: 'MinIO、阿里云 OSS、腾讯云 COS、华为云 OBS、七牛云 Kodo 等' }],
  },
  {
    code: 'sms', name: '短信服务类型', nameEn: 'SMS provider', isSealed: true,
    items: [
      { key: '1', value: '日志', valueEn: 'Log only', remark: '写入通用日志，不发送' }, { key: '2', value: '云片', valueEn: 'Yunpian' }, { key: '3', value: '七牛云', valueEn: 'Qiniu Cloud' },
      { key: '4', value: '阿里云', valueEn: 'Alibaba Cloud' }, { key: '5', value: '腾讯云', valueEn: 'Tencent Cloud' },
    ],
  },
  { code: 'log_source', name: '日志来源', nameEn: 'Log source', isSealed: true, items: [{ key: '1', value: '服务端', valueEn: 'Server' }, { key: '2', value: '浏览器', valueEn: 'Browser' }] },
];

/** Tenant-editable reservoir and river business dictionaries. */
const businessDictionaries: DictSeed[] = [
  {
    code: 'reservoir_scale', name: '水库规模', nameEn: 'Reservoir scale', remark: 'SL 252-2017 按总库容划分',
    items: [
      { key: '1', value: '小(1)型', valueEn: 'Small (I)', remark: '100万m³ ≤ 总库容 < 1000万m³' },
      { key: '2', value: '小(2)型', valueEn: 'Small (II)', remark: '10万m³ ≤ 总库容 < 100万m³' },
      { key: '3', value: '中型', valueEn: 'Medium', remark: '0.1亿m³ ≤ 总库容 < 1亿m³' },
      { key: '4', value: '大(2)型', valueEn: 'Large (II)', remark: '1亿m³ ≤ 总库容 < 10亿m³' },
      { key: '5', value: '大(1)型', valueEn: 'Large (I)', remark: '总库容 ≥ 10亿m³' },
    ],
  },
  {
    code: 'dam_type', name: '坝型', nameEn: 'Dam type',
    items: [
      { key: '1', value: '均质土坝', valueEn: 'Homogeneous earth dam', remark: '小型水库最常见坝型' },
      { key: '2', value: '黏土心墙坝', valueEn: 'Clay core dam' }, { key: '3', value: '黏土斜墙坝', valueEn: 'Sloping clay core dam' }, { key: '4', value: '土石混合坝', valueEn: 'Earth-rock fill dam' },
      { key: '5', value: '混凝土面板堆石坝', valueEn: 'Concrete-face rockfill dam' }, { key: '6', value: '浆砌石重力坝', valueEn: 'Masonry gravity dam' }, { key: '7', value: '浆砌石拱坝', valueEn: 'Masonry arch dam' },
      { key: '8', value: '混凝土重力坝', valueEn: 'Concrete gravity dam' }, { key: '9', value: '混凝土拱坝', valueEn: 'Concrete arch dam' }, { key: '99', value: '其他', valueEn: 'Other' },
    ],
  },
  {
    code: 'dam_safety_class', name: '大坝安全类别', nameEn: 'Dam safety category', remark: '安全鉴定结论',
    items: [
      { key: '1', value: '一类坝', valueEn: 'Category 1 dam', remark: '能按设计正常运行' },
      { key: '2', value: '二类坝', valueEn: 'Category 2 dam', remark: '在加强监督管理下能正常运行' },
      { key: '3', value: '三类坝', valueEn: 'Category 3 dam', remark: '病险水库，需除险加固或降等报废' },
    ],
  },
  {
    code: 'feature_water_level', name: '特征水位', nameEn: 'Characteristic water level', remark: '死水位 < 汛限水位 ≤ 正常蓄水位 < 设计洪水位 < 校核洪水位',
    items: [
      { key: '1', value: '死水位', valueEn: 'Dead water level', remark: '正常运用允许消落的最低水位' },
      { key: '2', value: '汛限水位', valueEn: 'Flood-limit water level', remark: '防洪限制水位，汛期蓄水上限，可分主汛期、后汛期' },
      { key: '3', value: '正常蓄水位', valueEn: 'Normal pool level', remark: '正常运用为兴利蓄到的最高水位' },
      { key: '4', value: '防洪高水位', valueEn: 'Flood-control high water level' },
      { key: '5', value: '设计洪水位', valueEn: 'Design flood level' },
      { key: '6', value: '校核洪水位', valueEn: 'Check flood level', remark: '总库容对应水位' },
    ],
  },
  {
    code: 'reservoir_function', name: '水库功能', nameEn: 'Reservoir function',
    items: [
      { key: '1', value: '防洪', valueEn: 'Flood control' }, { key: '2', value: '灌溉', valueEn: 'Irrigation' }, { key: '3', value: '供水', valueEn: 'Water supply' }, { key: '4', value: '发电', valueEn: 'Hydropower' },
      { key: '5', value: '养殖', valueEn: 'Aquaculture' }, { key: '6', value: '生态', valueEn: 'Ecological' },
    ],
  },
  {
    code: 'dam_part', name: '巡查部位', nameEn: 'Inspection part', remark: '巡查顺序：从左到右、从上到下，先迎水坡后背水坡',
    items: [
      { key: '1', value: '坝顶', valueEn: 'Dam crest', remark: '路面、防浪墙、护栏、警示牌' },
      { key: '2', value: '迎水坡', valueEn: 'Upstream slope', remark: '上游坡护坡、裂缝、塌坑、浪蚀' },
      { key: '3', value: '背水坡', valueEn: 'Downstream slope', remark: '下游坡塌坑、雨淋沟、散浸、渗漏' },
      { key: '4', value: '坝脚及排水棱体', valueEn: 'Dam toe and drainage prism', remark: '管涌、集中渗漏、棱体塌陷' },
      { key: '5', value: '溢洪道', valueEn: 'Spillway', remark: '行洪通畅，无拦鱼网、垃圾、阻水建筑' },
      { key: '6', value: '放水设施', valueEn: 'Outlet works', remark: '输水洞、放水涵管、启闭机、闸门' },
      { key: '7', value: '库区及水面', valueEn: 'Reservoir area and water surface', remark: '水位变化、漂浮物、岸坡' },
      { key: '8', value: '管理设施', valueEn: 'Management facilities', remark: '管理房、启闭机房、公示牌' },
      { key: '9', value: '监测设施', valueEn: 'Monitoring facilities', remark: '雨水情测报与大坝安全监测设施' },
      { key: '10', value: '防汛道路及通信', valueEn: 'Flood-control roads and communications' },
    ],
  },
  {
    code: 'inspect_type', name: '巡查类型', nameEn: 'Inspection type', remark: '《小型水库安全管理办法》巡视检查制度',
    items: [
      { key: '1', value: '日常巡查', valueEn: 'Routine inspection', remark: '汛期每日1次，非汛期每周1次' },
      { key: '2', value: '年度巡查', valueEn: 'Annual inspection', remark: '汛前、汛后及白蚁活动期，每年2～3次' },
      { key: '3', value: '特别巡查', valueEn: 'Special inspection', remark: '暴雨、大洪水、大风、库水位骤降或持续高水位、地震后' },
    ],
  },
  {
    code: 'inspect_frequency', name: '巡查频次', nameEn: 'Inspection frequency',
    items: [
      { key: '1', value: '每日一次', valueEn: 'Once a day', remark: '汛期日常巡查' }, { key: '2', value: '每日两次', valueEn: 'Twice a day', remark: '高水位或台风期间' },
      { key: '3', value: '每周一次', valueEn: 'Once a week', remark: '非汛期日常巡查' }, { key: '4', value: '每半月一次', valueEn: 'Twice a month' },
      { key: '5', value: '每月一次', valueEn: 'Once a month' }, { key: '6', value: '每季度一次', valueEn: 'Once a quarter' },
      { key: '7', value: '汛前汛后各一次', valueEn: 'Before and after the flood season', remark: '年度巡查' }, { key: '8', value: '不定期', valueEn: 'Unscheduled', remark: '特别巡查' },
    ],
  },
  {
    code: 'sign_type', name: '签到类型', nameEn: 'Check-in type',
    items: [{ key: '1', value: '巡查签到', valueEn: 'Inspection check-in' }, { key: '2', value: '养护签到', valueEn: 'Maintenance check-in' }],
  },
  {
    code: 'audit_status', name: '审核状态', nameEn: 'Audit status',
    items: [{ key: '0', value: '待审核', valueEn: 'Pending review' }, { key: '1', value: '已通过', valueEn: 'Approved' }, { key: '2', value: '已驳回', valueEn: 'Rejected' }],
  },
  {
    code: 'plan_status', name: '计划状态', nameEn: 'Plan status',
    items: [{ key: '1', value: '草稿', valueEn: 'Draft' }, { key: '2', value: '已发布', valueEn: 'Published' }, { key: '3', value: '已停止', valueEn: 'Stopped' }],
  },
  {
    code: 'event_source', name: '事件来源', nameEn: 'Event source',
    items: [
      { key: '1', value: '巡查上报', valueEn: 'Inspection report' }, { key: '2', value: 'AI视频告警', valueEn: 'AI video alarm' }, { key: '3', value: '监测预警', valueEn: 'Monitoring warning' },
      { key: '4', value: '上级交办', valueEn: 'Assigned by superiors' }, { key: '5', value: '群众举报', valueEn: 'Public report' }, { key: '6', value: '河长巡河', valueEn: 'River chief patrol' },
    ],
  },
  {
    code: 'event_level', name: '隐患等级', nameEn: 'Hazard grade',
    items: [
      { key: '1', value: '一般隐患', valueEn: 'General hazard', remark: '不影响工程安全运行' },
      { key: '2', value: '重大隐患', valueEn: 'Major hazard', remark: '影响工程安全运行' },
      { key: '3', value: '其他隐患', valueEn: 'Other hazard', remark: '工程本身以外的隐患' },
    ],
  },
  {
    code: 'event_status', name: '事件状态', nameEn: 'Event status',
    items: [
      { key: '1', value: '待签收', valueEn: 'Awaiting acceptance' }, { key: '2', value: '处理中', valueEn: 'In progress' }, { key: '3', value: '待复核', valueEn: 'Awaiting re-check' },
      { key: '4', value: '已完成', valueEn: 'Completed', remark: '已销号' }, { key: '5', value: '已退回', valueEn: 'Returned' }, { key: '6', value: '已撤回', valueEn: 'Withdrawn' },
    ],
  },
  {
    code: 'event_type', name: '隐患类型', nameEn: 'Hazard type',
    items: [
      { key: '1', value: '裂缝', valueEn: 'Crack' }, { key: '2', value: '塌坑', valueEn: 'Sinkhole' }, { key: '3', value: '滑坡', valueEn: 'Slide' }, { key: '4', value: '隆起', valueEn: 'Bulging' },
      { key: '5', value: '白蚁鼠洞', valueEn: 'Termite or rodent holes' }, { key: '6', value: '浪蚀', valueEn: 'Wave erosion' }, { key: '7', value: '散浸', valueEn: 'Seepage wet spots' },
      { key: '8', value: '集中渗漏', valueEn: 'Concentrated leakage' }, { key: '9', value: '管涌', valueEn: 'Piping' }, { key: '10', value: '排水棱体塌陷', valueEn: 'Drainage prism collapse' },
      { key: '11', value: '溢洪道阻水', valueEn: 'Spillway obstruction' }, { key: '12', value: '闸门及启闭机故障', valueEn: 'Gate or hoist failure' }, { key: '13', value: '违章占用', valueEn: 'Illegal encroachment' },
      { key: '99', value: '其他', valueEn: 'Other' },
    ],
  },
  {
    code: 'river_problem_type', name: '河湖问题类型', nameEn: 'River and lake problem type',
    items: [
      { key: '1', value: '垃圾', valueEn: 'Rubbish' }, { key: '2', value: '排污口', valueEn: 'Sewage outfall' }, { key: '3', value: '侵占河道', valueEn: 'Channel encroachment' },
      { key: '4', value: '非法采砂', valueEn: 'Illegal sand mining' }, { key: '5', value: '违章建筑', valueEn: 'Illegal building' }, { key: '99', value: '其他', valueEn: 'Other' },
    ],
  },
  {
    code: 'staff_duty', name: '责任人类型', nameEn: 'Responsible person type', remark: '小型水库三个责任人，须在现场公示牌和当地媒体公示',
    items: [{ key: '1', value: '行政责任人', valueEn: 'Administrative responsible person' }, { key: '2', value: '技术责任人', valueEn: 'Technical responsible person' }, { key: '3', value: '巡查责任人', valueEn: 'Patrol responsible person' }],
  },
  {
    code: 'region_level', name: '行政层级', nameEn: 'Administrative level', remark: '与区划代码长度对应：省2位、市4位、县6位、乡9位、村12位',
    items: [
      { key: '1', value: '省级', valueEn: 'Province' }, { key: '2', value: '市级', valueEn: 'City' }, { key: '3', value: '县级', valueEn: 'County' },
      { key: '4', value: '乡镇级', valueEn: 'Township' }, { key: '5', value: '村级', valueEn: 'Village' },
    ],
  },
  {
    code: 'project_type', name: '工程项目类型', nameEn: 'Project type',
    items: [
      { key: '1', value: '除险加固', valueEn: 'Risk removal and reinforcement' }, { key: '2', value: '安全鉴定', valueEn: 'Safety appraisal' }, { key: '3', value: '降等报废', valueEn: 'Downgrading or decommissioning' },
      { key: '4', value: '注册登记', valueEn: 'Registration' }, { key: '5', value: '维修养护', valueEn: 'Maintenance' }, { key: '6', value: '雨水情测报设施建设', valueEn: 'Rain and water-level telemetry facilities' },
      { key: '7', value: '大坝安全监测设施建设', valueEn: 'Dam safety monitoring facilities' },
    ],
  },
  {
    code: 'goods_category', name: '物资类别', nameEn: 'Supply category', remark: '防汛物资储备，参照 SL 298-2004',
    items: [
      { key: '1', value: '救生类', valueEn: 'Life-saving', remark: '救生衣、救生圈、冲锋舟' },
      { key: '2', value: '抢险类', valueEn: 'Emergency repair', remark: '编织袋、木桩、铅丝、土工布' },
      { key: '3', value: '排涝类', valueEn: 'Drainage', remark: '水泵' }, { key: '4', value: '照明类', valueEn: 'Lighting', remark: '应急灯、手电' },
      { key: '5', value: '能源类', valueEn: 'Energy', remark: '发电机、应急电缆' }, { key: '6', value: '生活类', valueEn: 'Living', remark: '帐篷、雨衣雨靴' },
      { key: '7', value: '医疗类', valueEn: 'Medical', remark: '医疗包' }, { key: '8', value: '通信类', valueEn: 'Communications', remark: '对讲机' },
      { key: '9', value: '工器具类', valueEn: 'Tools', remark: '铁锹、大锤' }, { key: '10', value: '专用材料类', valueEn: 'Special materials', remark: '砂石料' },
    ],
  },
  {
    code: 'goods_unit', name: '物资计量单位', nameEn: 'Unit of measure',
    items: [
      { key: '1', value: '条', valueEn: 'Piece (bag, rope)' }, { key: '2', value: '万条', valueEn: '10,000 pieces' }, { key: '3', value: '把', valueEn: 'Piece (tool)' }, { key: '4', value: '根', valueEn: 'Piece (stake, pole)' },
      { key: '5', value: '公斤', valueEn: 'Kilogram (kg)' }, { key: '6', value: '吨', valueEn: 'Tonne (t)' }, { key: '7', value: '个', valueEn: 'Unit' }, { key: '8', value: '只', valueEn: 'Each' },
      { key: '9', value: '艘', valueEn: 'Boat' }, { key: '10', value: '件', valueEn: 'Item' }, { key: '11', value: '顶', valueEn: 'Piece (tent)' }, { key: '12', value: '米', valueEn: 'Metre (m)' },
      { key: '13', value: '块', valueEn: 'Piece (board)' }, { key: '14', value: '立方米', valueEn: 'Cubic metre (m³)' }, { key: '15', value: '万立方米', valueEn: '10,000 m³' },
      { key: '16', value: '台', valueEn: 'Unit (machine)' }, { key: '17', value: '套', valueEn: 'Set' }, { key: '18', value: '平方米', valueEn: 'Square metre (m²)' },
    ],
  },
  {
    code: 'storage_mode', name: '储备方式', nameEn: 'Storage mode',
    items: [
      { key: '1', value: '自储', valueEn: 'Own stock' },
      { key: '2', value: '委托代储', valueEn: 'Stored by an agent', remark: '委托其他部门或企业代为储备' },
      { key: '3', value: '社会号料', valueEn: 'Registered private stock', remark: '登记在群众或企业处的物料' },
    ],
  },
  {
    code: 'goods_log_type', name: '物资变动类型', nameEn: 'Stock movement type',
    items: [
      { key: '1', value: '采购入库', valueEn: 'Purchase in' }, { key: '2', value: '调拨出库', valueEn: 'Transfer out' }, { key: '3', value: '抢险使用', valueEn: 'Used in an emergency' },
      { key: '4', value: '报废核销', valueEn: 'Write-off' }, { key: '5', value: '归还入库', valueEn: 'Returned' },
    ],
  },
  {
    code: 'monitor_type', name: '监测类型', nameEn: 'Monitoring type',
    items: [
      { key: '1', value: '水位', valueEn: 'Water level', remark: '库水位，m，1985国家高程基准' },
      { key: '2', value: '雨量', valueEn: 'Rainfall', remark: 'mm，分辨率0.1mm' },
      { key: '3', value: '渗流量', valueEn: 'Seepage flow', remark: 'L/s，量水堰' },
      { key: '4', value: '渗压', valueEn: 'Seepage pressure', remark: 'kPa，或换算为测压管水位 m' },
      { key: '5', value: '变形', valueEn: 'Deformation', remark: 'mm，水平位移与垂直位移' },
    ],
  },
  {
    code: 'rainfall_grade', name: '降水量等级', nameEn: 'Rainfall grade', remark: 'GB/T 28592-2012，24h / 12h 降水量',
    items: [
      { key: '0', value: '微量降雨', valueEn: 'Trace', remark: '< 0.1mm' },
      { key: '1', value: '小雨', valueEn: 'Light rain', remark: '24h 0.1～9.9mm；12h 0.1～4.9mm' },
      { key: '2', value: '中雨', valueEn: 'Moderate rain', remark: '24h 10.0～24.9mm；12h 5.0～14.9mm' },
      { key: '3', value: '大雨', valueEn: 'Heavy rain', remark: '24h 25.0～49.9mm；12h 15.0～29.9mm' },
      { key: '4', value: '暴雨', valueEn: 'Rainstorm', remark: '24h 50.0～99.9mm；12h 30.0～69.9mm' },
      { key: '5', value: '大暴雨', valueEn: 'Heavy rainstorm', remark: '24h 100.0～249.9mm；12h 70.0～139.9mm' },
      { key: '6', value: '特大暴雨', valueEn: 'Extreme rainstorm', remark: '24h ≥ 250.0mm；12h ≥ 140.0mm' },
    ],
  },
  {
    code: 'warning_level', name: '预警等级', nameEn: 'Warning level', remark: '参照气象暴雨预警信号',
    items: [
      { key: '1', value: '蓝色预警', valueEn: 'Blue warning', remark: 'Ⅳ级；12h 降雨量将达或已达 50mm' },
      { key: '2', value: '黄色预警', valueEn: 'Yellow warning', remark: 'Ⅲ级；6h 降雨量将达或已达 50mm' },
      { key: '3', value: '橙色预警', valueEn: 'Orange warning', remark: 'Ⅱ级；3h 降雨量将达或已达 50mm' },
      { key: '4', value: '红色预警', valueEn: 'Red warning', remark: 'Ⅰ级；3h 降雨量将达或已达 100mm' },
    ],
  },
  {
    code: 'warning_type', name: '告警类型', nameEn: 'Alarm type',
    items: [
      { key: '1', value: '超汛限水位', valueEn: 'Above flood-limit level' }, { key: '2', value: '低于死水位', valueEn: 'Below dead water level' }, { key: '3', value: '雨量超阈值', valueEn: 'Rainfall over threshold' },
      { key: '4', value: '渗流量超限', valueEn: 'Seepage flow over limit' }, { key: '5', value: '渗压超限', valueEn: 'Seepage pressure over limit' }, { key: '6', value: '变形超限', valueEn: 'Deformation over limit' },
      { key: '7', value: '设备离线', valueEn: 'Device offline' }, { key: '8', value: 'AI视频告警', valueEn: 'AI video alarm' },
    ],
  },
  {
    code: 'station_type', name: '测站类型', nameEn: 'Station type', remark: 'SL 651-2014 遥测站分类码见备注',
    items: [
      { key: '1', value: '雨量站', valueEn: 'Rainfall station', remark: 'P' }, { key: '2', value: '河道站', valueEn: 'River station', remark: 'H' },
      { key: '3', value: '水库站', valueEn: 'Reservoir station', remark: 'K' }, { key: '4', value: '闸坝站', valueEn: 'Sluice and dam station', remark: 'Z' },
      { key: '5', value: '泵站', valueEn: 'Pumping station', remark: 'D' }, { key: '6', value: '潮汐站', valueEn: 'Tide station', remark: 'T' },
      { key: '7', value: '墒情站', valueEn: 'Soil moisture station', remark: 'M' }, { key: '8', value: '地下水站', valueEn: 'Groundwater station', remark: 'G' },
      { key: '9', value: '水质站', valueEn: 'Water quality station', remark: 'Q' }, { key: '10', value: '取水口', valueEn: 'Water intake', remark: 'I' },
      { key: '11', value: '排水口', valueEn: 'Outfall', remark: 'O' },
    ],
  },
  {
    code: 'report_type', name: '报文类型', nameEn: 'Message type', remark: 'SL 651-2014 功能码见备注',
    items: [
      { key: '1', value: '定时报', valueEn: 'Timed report', remark: '32H' }, { key: '2', value: '加报报', valueEn: 'Extra report', remark: '33H；雨量 ≥ 1mm 或水位变幅 ≥ 1cm' },
      { key: '3', value: '小时报', valueEn: 'Hourly report', remark: '34H' }, { key: '4', value: '均匀时段报', valueEn: 'Uniform-interval report', remark: '31H' },
      { key: '5', value: '人工置数', valueEn: 'Manual entry', remark: '35H' }, { key: '6', value: '测试报', valueEn: 'Test report', remark: '30H' },
    ],
  },
  {
    code: 'device_type', name: '设备类型', nameEn: 'Device type',
    items: [
      { key: '1', value: '遥测终端机', valueEn: 'Remote telemetry unit', remark: 'RTU' }, { key: '2', value: '翻斗式雨量计', valueEn: 'Tipping-bucket rain gauge' },
      { key: '3', value: '雷达水位计', valueEn: 'Radar water level gauge' }, { key: '4', value: '压力式水位计', valueEn: 'Pressure water level gauge' }, { key: '5', value: '量水堰计', valueEn: 'Weir flow meter' },
      { key: '6', value: '渗压计', valueEn: 'Piezometer' }, { key: '7', value: 'GNSS位移监测站', valueEn: 'GNSS displacement station' }, { key: '8', value: '视频摄像机', valueEn: 'Video camera' },
      { key: '9', value: '太阳能供电系统', valueEn: 'Solar power system' }, { key: '10', value: '预警广播', valueEn: 'Warning broadcast' },
    ],
  },
  {
    code: 'device_status', name: '设备状态', nameEn: 'Device status',
    items: [{ key: '1', value: '在线', valueEn: 'Online' }, { key: '2', value: '离线', valueEn: 'Offline' }, { key: '3', value: '故障', valueEn: 'Faulty' }, { key: '4', value: '停用', valueEn: 'Out of service' }],
  },
  {
    code: 'camera_brand', name: '摄像机品牌', nameEn: 'Camera brand',
    items: [
      { key: '1', value: '海康威视', valueEn: 'Hikvision' }, { key: '2', value: '大华', valueEn: 'Dahua' }, { key: '3', value: '宇视', valueEn: 'Uniview' }, { key: '4', value: '华为', valueEn: 'Huawei' },
      { key: '5', value: '天地伟业', valueEn: 'Tiandy' }, { key: '6', value: '萤石', valueEn: 'EZVIZ' }, { key: '99', value: '其他', valueEn: 'Other', remark: '按 GB/T 28181 接入' },
    ],
  },
  {
    code: 'camera_platform', name: '视频平台', nameEn: 'Video platform',
    items: [
      { key: '1', value: '萤石云', valueEn: 'EZVIZ cloud' }, { key: '2', value: '海康ISC', valueEn: 'Hikvision ISC (Artemis)' }, { key: '3', value: '大华ICC', valueEn: 'Dahua ICC' },
      { key: '4', value: '国标GB28181网关', valueEn: 'GB/T 28181 gateway' }, { key: '9', value: '直连地址', valueEn: 'Direct URL', remark: '摄像头自带直播地址' },
    ],
  },
  {
    code: 'camera_position', name: '摄像头位置', nameEn: 'Camera position',
    items: [
      { key: '1', value: '坝顶', valueEn: 'Dam crest' }, { key: '2', value: '迎水坡', valueEn: 'Upstream slope' }, { key: '3', value: '背水坡', valueEn: 'Downstream slope' },
      { key: '4', value: '溢洪道', valueEn: 'Spillway' }, { key: '5', value: '放水设施', valueEn: 'Outlet works' }, { key: '6', value: '库区', valueEn: 'Reservoir area' },
      { key: '7', value: '管理房', valueEn: 'Management house' }, { key: '99', value: '其他', valueEn: 'Other' },
    ],
  },
  {
    code: 'camera_status', name: '摄像头在线状态', nameEn: 'Camera online state',
    items: [{ key: '1', value: '在线', valueEn: 'Online' }, { key: '0', value: '离线', valueEn: 'Offline' }],
  },
];

export const demoDictionaries: DictSeed[] = [...platformDictionaries, ...businessDictionaries, ...urgentDictionaries, ...inspectionDictionaries, ...reservoirDictionaries];

export const demoParams: ParamSeed[] = [
  { paramName: '是否开放注册', paramKey: 'account.registerUser', paramValue: 'true', remark: '第三方登录用户可提交注册申请，经管理员审核后启用' },
  { paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: 'random', remark: '新建及重置密码时生成随机密码并仅显示一次，不使用固定初始密码' },
  { paramName: '租户默认时区', paramKey: 'tenant.default.timezone', paramValue: 'Asia/Shanghai', remark: 'IANA 时区名，报表按此时区统计' },
  { paramName: '上传文件大小上限', paramKey: 'file.upload.maxSize', paramValue: '50', remark: '单位：MB，适用于巡查照片、附件与视频' },
  { paramName: '巡查记录保留天数', paramKey: 'inspect.record.retentionDays', paramValue: '1825', remark: '单位：天，含照片与轨迹；巡查记录属技术档案，超期须先归档再清理' },
  { paramName: '汛期开始日期', paramKey: 'flood.season.start', paramValue: '05-15', remark: '格式 MM-dd，各省汛期不同，租户可调整' },
  { paramName: '汛期结束日期', paramKey: 'flood.season.end', paramValue: '09-30', remark: '格式 MM-dd；汛期日常巡查每日1次，非汛期每周1次' },
  { paramName: '水文日起始时刻', paramKey: 'hydro.day.startHour', paramValue: '8', remark: '日雨量按前一日08:00至当日08:00统计' },
  { paramName: '短时强降水阈值', paramKey: 'monitor.rain.hourThreshold', paramValue: '20', remark: '单位：mm/h，1小时雨量达到此值触发告警' },
  { paramName: '设备离线判定时长', paramKey: 'monitor.device.offlineMinutes', paramValue: '120', remark: '单位：分钟，自动站按小时报，超过此时长无数据即判为离线' },
  { paramName: '隐患整改默认期限', paramKey: 'event.rectify.deadlineDays', paramValue: '7', remark: '单位：天，签收后按此期限计算逾期' },
  { paramName: '巡河最短时长', paramKey: 'river.patrol.minMinutes', paramValue: '30', remark: '单位：分钟，低于此时长的巡河记录不能提交' },
  { paramName: '巡河最短里程', paramKey: 'river.patrol.minMeters', paramValue: '2000', remark: '单位：米，低于此里程的巡河记录不能提交' },
];
