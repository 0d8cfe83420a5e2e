/**
 * An alarm's photo as a thumbnail; its preview shows the AI-annotated photo
 * (the detection boxes drawn) with the labels, once it has loaded, else the
 * original.
 */
import { Image, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { fetchAiPhotos } from './videoMonitorApi';

export function WarningPhoto({ photoUrl, warningId }: { photoUrl?: string | null; warningId: string }) {
  const { t } = useTranslation();
  const { data } = useSWR(photoUrl ? ['ai-photos', photoUrl] : null, () => fetchAiPhotos(photoUrl!), { revalidateOnFocus: false });
  if (!photoUrl) return <span className="vm-no-photo">{t('videoMonitor.warning.noPhoto')}</span>;
  const annotated = data?.find((photo) => photo.warningId === warningId) ?? data?.[0];
  return (
    <Image
      className="vm-thumb"
      data-testid="warning-photo"
      width={96}
      height={54}
      src={photoUrl}
      alt={t('videoMonitor.warning.photo')}
      preview={{
        src: annotated?.annotatedUrl ?? photoUrl,
        toolbarRender: (toolbar) => (
          <div className="vm-preview-toolbar" data-testid="warning-preview-labels">
            {(annotated?.labels ?? []).map((label, index) => (
              <Tag key={index} color="red">
                {label.label} {Math.round(label.confidence * 100)}%
              </Tag>
            ))}
            {toolbar}
          </div>
        ),
      }}
    />
  );
}
