/**
 * The demo AI alarms of 安溪县's cameras: what each camera "saw", when (hours
 * before the seed ran), the detection box the AI drew and how the alarm was
 * handled. The photos are shipped under /img/demo-alarms/ (src/web/public):
 * <photo>.jpg as taken and <photo>-ai.jpg with the box drawn, rendered once
 * by scripts/demoAlarmPhotos.ts from the same boxes.
 */
export const DEMO_ALARM_PHOTO_DIR = '/img/demo-alarms';
/** The size the photos are rendered at (the boxes are in these pixels). */
export const DEMO_PHOTO_SIZE = { width: 480, height: 270 } as const;

/** What the demo seed does with an alarm: leave it 未处理, turn it into an event (H5's demo events), or mark it 误报. */
export type DemoAlarmOutcome = 'unhandled' | 'toEvent' | 'ignored';

export interface DemoAlarm {
  alarmId: string;
  camera: string;
  /** ai_alarm_type */
  alarmType: number;
  hoursAgo: number;
  photo: 'fishing' | 'swimming' | 'debris' | 'intrusion' | 'vehicle' | 'smoke';
  label: string;
  labelEn: string;
  confidence: number;
  box: [number, number, number, number];
  description: string;
  outcome: DemoAlarmOutcome;
  opinion?: string;
}

export const DEMO_ALARMS: DemoAlarm[] = [
  {
    alarmId: 'AX-AI-20001',
    camera: '石门水库坝顶全景',
    alarmType: 3,
    hoursAgo: 70,
    photo: 'fishing',
    label: '垂钓',
    labelEn: 'fishing',
    confidence: 0.93,
    box: [292, 118, 74, 92],
    description: '迎水坡近坝处有人垂钓',
    outcome: 'toEvent',
  },
  {
    alarmId: 'AX-AI-20002',
    camera: '石门水库溢洪道',
    alarmType: 4,
    hoursAgo: 52,
    photo: 'debris',
    label: '漂浮物',
    labelEn: 'debris',
    confidence: 0.88,
    box: [150, 170, 170, 48],
    description: '溢洪道进口前缘有成片漂浮物',
    outcome: 'toEvent',
  },
  {
    alarmId: 'AX-AI-20003',
    camera: '后溪水库坝顶',
    alarmType: 2,
    hoursAgo: 30,
    photo: 'swimming',
    label: '游泳',
    labelEn: 'swimming',
    confidence: 0.9,
    box: [236, 150, 70, 46],
    description: '库区水面有人游泳',
    outcome: 'toEvent',
  },
  {
    alarmId: 'AX-AI-20004',
    camera: '石门水库坝顶全景',
    alarmType: 7,
    hoursAgo: 20,
    photo: 'vehicle',
    label: '车辆',
    labelEn: 'vehicle',
    confidence: 0.81,
    box: [300, 96, 110, 58],
    description: '坝顶道路有社会车辆驶入',
    outcome: 'ignored',
    opinion: '为管理所巡查车辆，误报',
  },
  {
    alarmId: 'AX-AI-20005',
    camera: '大坑水库库区',
    alarmType: 6,
    hoursAgo: 9,
    photo: 'smoke',
    label: '烟雾',
    labelEn: 'smoke',
    confidence: 0.77,
    box: [330, 40, 100, 110],
    description: '库区右岸山坡疑似烟火',
    outcome: 'unhandled',
  },
  {
    alarmId: 'AX-AI-20006',
    camera: '石门水库坝顶全景',
    alarmType: 1,
    hoursAgo: 3,
    photo: 'intrusion',
    label: '人员',
    labelEn: 'person',
    confidence: 0.95,
    box: [200, 92, 44, 104],
    description: '夜间坝顶有人员进入管理范围',
    outcome: 'unhandled',
  },
  {
    alarmId: 'AX-AI-20007',
    camera: '后溪水库坝顶',
    alarmType: 4,
    hoursAgo: 1,
    photo: 'debris',
    label: '漂浮物',
    labelEn: 'debris',
    confidence: 0.84,
    box: [150, 170, 170, 48],
    description: '坝前水域漂浮物聚集',
    outcome: 'unhandled',
  },
];

export const demoPhotoUrl = (alarm: Pick<DemoAlarm, 'photo'>) => `${DEMO_ALARM_PHOTO_DIR}/${alarm.photo}.jpg`;
export const demoAnnotatedUrl = (alarm: Pick<DemoAlarm, 'photo'>) => `${DEMO_ALARM_PHOTO_DIR}/${alarm.photo}-ai.jpg`;
