/**
 * A photo list field: thumbnails of the photos it holds, each removable, and
 * an upload tile while fewer than its limit (≤ 9). A chosen picture is
 * uploaded at once through the attachment upload and the field keeps its
 * link. Attachment links need the signed-in caller, so thumbnails are loaded
 * through the request layer (a new photo shows from the local file at once).
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api/http';
import type { Envelope } from '../../shared/envelope';
import { isPictureFile, MAX_PHOTOS, PHOTO_UPLOAD_URL, photoUrlsOf, uploadedLinkOf } from './photoLogic';
import { useSignedInImages } from './useSignedInImages';

export interface PhotoUploadProps {
  value?: unknown;
  onChange?: (urls: string[]) => void;
  maxCount?: number;
  disabled?: boolean;
}

export function PhotoUpload({ value, onChange, maxCount = MAX_PHOTOS, disabled }: PhotoUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const urls = useMemo(() => photoUrlsOf(value), [value]);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<UploadFile[]>([]);
  const fetched = useSignedInImages(urls);
  // A new photo shows from the local file at once; the others as the session loads them.
  const previews = useMemo(() => Object.fromEntries(urls.map((url) => [url, local[url] ?? fetched[url]])), [urls, local, fetched]);
  // Two uploads finishing together must both be kept: each adds to the latest list, not to the one it started with.
  const latest = useRef(urls);
  useEffect(() => {
    latest.current = urls;
  }, [urls]);

  const fileList: UploadFile[] = [
    ...urls.map((url, index) => ({ uid: url, name: `${index + 1}`, status: 'done' as const, url: previews[url], thumbUrl: previews[url] })),
    ...uploading,
  ];

  const upload = async (file: File) => {
    const tile: UploadFile = { uid: `uploading-${file.name}-${Date.now()}`, name: file.name, status: 'uploading' };
    setUploading((old) => [...old, tile]);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const response = await request<Envelope<unknown>>({ url: PHOTO_UPLOAD_URL, method: 'POST', data: form });
      const link = uploadedLinkOf(response.data.data);
      if (link) {
        setLocal((old) => ({ ...old, [link]: URL.createObjectURL(file) }));
        latest.current = [...latest.current, link];
        onChange?.(latest.current);
      }
    } catch {
      // The request layer showed the server's message; the field keeps what it had.
    } finally {
      setUploading((old) => old.filter((item) => item.uid !== tile.uid));
    }
  };

  return (
    <div data-testid="photo-upload">
      <Upload
        listType="picture-card"
        accept="image/*"
        fileList={fileList}
        disabled={disabled}
        showUploadList={{ showPreviewIcon: false, removeIcon: undefined }}
        beforeUpload={(file) => {
          if (!isPictureFile(file)) void message.warning(t('renderers.photos.notPicture'));
          else if (urls.length + uploading.length >= maxCount) void message.warning(t('renderers.photos.limit', { count: maxCount }));
          else void upload(file);
          return Upload.LIST_IGNORE;
        }}
        onRemove={(file) => {
          onChange?.(urls.filter((url) => url !== file.uid));
          return false;
        }}
      >
        {urls.length + uploading.length < maxCount && !disabled && (
          <button type="button" className="photo-upload-tile" aria-label={t('renderers.photos.upload')}>
            <PlusOutlined />
            <div>{t('renderers.photos.upload')}</div>
          </button>
        )}
      </Upload>
      <div className="photo-upload-hint">{t('renderers.photos.limit', { count: maxCount })}</div>
    </div>
  );
}
