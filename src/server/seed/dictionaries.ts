/**
 * Seed data: dictionaries and system parameters. The dictionaries are data files,
 * dictionaries/<module>.json (system.json: the sealed platform dictionaries following the SpringBlade
 * seeds; business.json and the module files: business dictionaries following the domain reference).
 */
import { loadDictionaryFiles } from './dictionaryFiles.js';
import type { DictSeed, ParamSeed } from './seedTypes.js';

/** Every dictionary of dictionaries/*.json, in seeding order. */
export const demoDictionaries: DictSeed[] = loadDictionaryFiles();

export const demoParams: ParamSeed[] = [
  { paramName: '是否开放注册', paramKey: 'account.registerUser', paramValue: 'true', remark: '第三方登录用户可提交注册申请，经管理员审核后启用' },
  { paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: 'random', remark: '新建及重置密码时生成随机密码并仅显示一次，不使用固定初始密码' },
  { paramName: '租户默认时区', paramKey: 'tenant.default.timezone', paramValue: 'Asia/Shanghai', remark: 'IANA 时区名，报表按此时区统计' },
  { paramName: '上传文件大小上限', paramKey: 'file.upload.maxSize', paramValue: '50', remark: '单位：MB，适用于巡查照片、附件与视频' },
  {
    paramName: '巡查记录保留天数',
    paramKey: 'inspect.record.retentionDays',
    paramValue: '1825',
    remark: '单位：天，含照片与轨迹；巡查记录属技术档案，超期须先归档再清理',
  },
  { paramName: '汛期开始日期', paramKey: 'flood.season.start', paramValue: '05-15', remark: '格式 MM-dd，各省汛期不同，租户可调整' },
  { paramName: '汛期结束日期', paramKey: 'flood.season.end', paramValue: '09-30', remark: '格式 MM-dd；汛期日常巡查每日1次，非汛期每周1次' },
  { paramName: '水文日起始时刻', paramKey: 'hydro.day.startHour', paramValue: '8', remark: '日雨量按前一日08:00至当日08:00统计' },
  { paramName: '短时强降水阈值', paramKey: 'monitor.rain.hourThreshold', paramValue: '20', remark: '单位：mm/h，1小时雨量达到此值触发告警' },
  {
    paramName: '设备离线判定时长',
    paramKey: 'monitor.device.offlineMinutes',
    paramValue: '120',
    remark: '单位：分钟，自动站按小时报，超过此时长无数据即判为离线',
  },
  { paramName: '隐患整改默认期限', paramKey: 'event.rectify.deadlineDays', paramValue: '7', remark: '单位：天，签收后按此期限计算逾期' },
  { paramName: '巡河最短时长', paramKey: 'river.patrol.minMinutes', paramValue: '30', remark: '单位：分钟，低于此时长的巡河记录不能提交' },
  { paramName: '巡河最短里程', paramKey: 'river.patrol.minMeters', paramValue: '2000', remark: '单位：米，低于此里程的巡河记录不能提交' },
];
