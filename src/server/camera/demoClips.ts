/**
 * The demo clips the package ships (rendered once by
 * scripts/generateDemoVideo.ts into src/web/public/video/demo/ and served with
 * the console's own files, so they play with no network beyond the console):
 * per scene an MP4, an HLS playlist with its segments and a JPEG frame.
 */
export interface DemoClip {
  /** File name stem: <name>.mp4, <name>/index.m3u8, <name>.jpg. */
  name: string;
  /** Burnt into the picture. */
  title: string;
  /** Base colour of the water (r, g, b). */
  palette: [number, number, number];
}

export const DEMO_CLIPS: readonly DemoClip[] = [
  { name: 'dam', title: '坝顶', palette: [40, 96, 128] },
  { name: 'spillway', title: '溢洪道', palette: [52, 110, 100] },
  { name: 'lake', title: '库区', palette: [30, 80, 140] },
];

export const DEMO_CLIP_SECONDS = 12;
export const DEMO_SEGMENT_SECONDS = 2;
/** How many times the HLS playlist lists the clip's segments (12 s × 300 = one hour of picture). */
export const DEMO_PLAYLIST_REPEATS = 300;

/** The URL path the console serves the clips under (src/web/public/video/demo). */
export const DEMO_CLIP_PATH = '/video/demo';
/** Where they are on disk, from the project root. */
export const DEMO_CLIP_DIR = 'src/web/public/video/demo';
