/** An event's photos as thumbnails that open a preview, in a row that wraps; attachment links load with the session. */
import { Image } from 'antd';
import { useSignedInImages } from './useSignedInImages';

export interface EventPicturesProps {
  urls: readonly string[];
  size?: number;
  /** Accessible name of each picture. */
  label: string;
}

export function EventPictures({ urls, size = 64, label }: EventPicturesProps) {
  const shown = useSignedInImages(urls);
  return (
    <Image.PreviewGroup>
      <span className="picture-list" data-testid="picture-list">
        {urls.map((url, index) => (
          <Image key={`${url}-${index}`} src={shown[url]} width={size} height={size} alt={`${label} ${index + 1}`} className="picture-thumb" />
        ))}
      </span>
    </Image.PreviewGroup>
  );
}
