/**
 * The figure cards of the statistics page: the figures statistics/index answers, the known ones first in a fixed
 * order with their label, icon and colour, any other figure after them under its own name.
 */
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  DeploymentUnitOutlined,
  FormOutlined,
  PartitionOutlined,
  PlayCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { StatisticsFigures } from './statisticsApi';

type Tone = 'blue' | 'green' | 'orange' | 'red' | 'purple' | 'cyan';

interface FigureStyle {
  icon: ReactNode;
  tone: Tone;
}

export const FIGURE_ORDER: Record<string, FigureStyle> = {
  modelCount: { icon: <PartitionOutlined />, tone: 'purple' },
  deploymentCount: { icon: <DeploymentUnitOutlined />, tone: 'cyan' },
  formCount: { icon: <FormOutlined />, tone: 'blue' },
  runningCount: { icon: <PlayCircleOutlined />, tone: 'blue' },
  completedCount: { icon: <CheckCircleOutlined />, tone: 'green' },
  terminatedCount: { icon: <StopOutlined />, tone: 'red' },
  todoCount: { icon: <ClockCircleOutlined />, tone: 'orange' },
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
