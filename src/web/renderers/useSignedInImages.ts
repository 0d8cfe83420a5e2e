/**
 * Displayable addresses of photos: an attachment link (/api/…) is served to
 * a signed-in caller only, so it is fetched through the request layer (with
 * the session's token) and shown from a blob; any other address shows as it
 * is. Blobs are released when the photos leave the page.
 */
import { useEffect, useMemo, useState } from 'react';
import { request } from '../api/http';
import { needsSignedInFetch } from './photoLogic';

export function useSignedInImages(urls: readonly string[]): Record<string, string> {
  const [blobs, setBlobs] = useState<Record<string, string>>({});
  const key = urls.join('\n');
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    for (const url of new Set(key.split('\n').filter(needsSignedInFetch))) {
      request<Blob>({ url, responseType: 'blob', meta: { isSilent: true } }).then(
        (response) => {
          const blobUrl = URL.createObjectURL(response.data);
          made.push(blobUrl);
          if (live) setBlobs((old) => ({ ...old, [url]: blobUrl }));
        },
        () => undefined, // the picture keeps its address and shows as broken
      );
    }
    return () => {
      live = false;
      made.forEach((blobUrl) => URL.revokeObjectURL(blobUrl));
    };
  }, [key]);
  return useMemo(() => Object.fromEntries(urls.map((url) => [url, blobs[url] ?? url])), [urls, blobs]);
}
