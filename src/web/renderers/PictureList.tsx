/** Photos as thumbnails that open a preview (antd Image), in a row that wraps; attachment links load with the session. */
import { Image } from 'antd';
import { useSignedInImages } from './useSignedInImages';

export interface PictureListProps {
  urls: readonly string[];
  size?: number;
  /** Accessible name of each picture (the field's label). */
  label: string;
}

export function PictureList({ urls, size = 64, label }: PictureListProps) {
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
