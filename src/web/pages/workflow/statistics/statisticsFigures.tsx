/**
 * The figure cards of the statistics page: the figures statistics/index answers, the known ones first in a fixed
 * order with their label, icon and colour, any other figure after them under its own name.
 */
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  DeploymentUnitOutlined,
  UserOutlined,
  PartitionOutlined,
  PlayCircleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { StatisticsFigures } from './statisticsApi';

type Tone = 'blue' | 'green' | 'orange' | 'red' | 'purple' | 'cyan';

interface FigureStyle {
  icon: ReactNode;
  tone: Tone;
}

export const FIGURE_ORDER: Record<string, FigureStyle> = {
  models: { icon: <PartitionOutlined />, tone: 'purple' },
  deployments: { icon: <DeploymentUnitOutlined />, tone: 'cyan' },
  runningInstances: { icon: <PlayCircleOutlined />, tone: 'blue' },
  completedInstances: { icon: <CheckCircleOutlined />, tone: 'green' },
  openTasks: { icon: <ClockCircleOutlined />, tone: 'orange' },
  overdueTasks: { icon: <WarningOutlined />, tone: 'red' },
  myOpenTasks: { icon: <UserOutlined />, tone: 'blue' },
};

export interface FigureCard extends FigureStyle {
  key: string;
  /** The i18n key of its label (workflowForms.statistics.figures.<key>); the figure's name when there is none. */
  label: string;
  value: number;
}

export function figureCards(figures: StatisticsFigures, order: Record<string, FigureStyle>): FigureCard[] {
  const known = Object.keys(order).filter((key) => key in figures);
  const others = Object.keys(figures).filter((key) => !(key in order));
  return [...known, ...others].map((key) => ({
    key,
    label: `workflowForms.statistics.figures.${key}`,
    value: figures[key],
    icon: order[key]?.icon ?? <ClockCircleOutlined />,
    tone: order[key]?.tone ?? 'blue',
  }));
}
