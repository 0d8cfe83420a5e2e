/**
 * The icons a process model may carry (flow/model.icon holds the antd icon's name): a short fixed list, so the
 * console bundles only these; a name it does not know (set through the API) shows as the default diagram icon.
 */
import {
  AuditOutlined,
  CalendarOutlined,
  CarOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  PartitionOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  ToolOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

export const MODEL_ICONS: Record<string, ComponentType<{ className?: string }>> = {
  PartitionOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  AuditOutlined,
  CalendarOutlined,
  ScheduleOutlined,
  SafetyCertificateOutlined,
  ToolOutlined,
  CarOutlined,
  WalletOutlined,
};

export const MODEL_ICON_NAMES = Object.keys(MODEL_ICONS);

export function ModelIcon({ name, className }: { name?: string | null; className?: string }) {
  const Icon = (name && MODEL_ICONS[name]) || PartitionOutlined;
  return <Icon className={className} />;
}
