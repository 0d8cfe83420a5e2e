/** Photos as thumbnails that open a preview (antd Image), in a row that wraps. */
import { Image } from 'antd';

export interface PictureListProps {
  urls: readonly string[];
  size?: number;
  /** Accessible name of each picture (the field's label). */
  label: string;
}

export function PictureList({ urls, size = 64, label }: PictureListProps) {
  return (
    <Image.PreviewGroup>
      <span className="picture-list" data-testid="picture-list">
        {urls.map((url, index) => (
          <Image key={`${url}-${index}`} src={url} width={size} height={size} alt={`${label} ${index + 1}`} className="picture-thumb" />
        ))}
      </span>
    </Image.PreviewGroup>
  );
}
