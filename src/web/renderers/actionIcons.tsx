/** The icon of an action button, by what the action does (a schema names no icons). */
import { DownloadOutlined, FormOutlined, SafetyCertificateOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { ActionUi } from '../../shared/entitySchema';

export function actionIcon(ui: ActionUi): ReactNode {
  if (ui.download) return <DownloadOutlined />;
  if (ui.component && /import/i.test(ui.component)) return <UploadOutlined />;
  if (ui.component) return <SafetyCertificateOutlined />;
  if (ui.fields) return <FormOutlined />;
  return <ThunderboltOutlined />;
}
