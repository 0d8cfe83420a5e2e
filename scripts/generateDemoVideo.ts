/**
 * Renders the demo camera clips once (they are committed under
 * src/web/public/video/demo/, served with the console's own files): for each
 * scene a synthetic 12-second picture at 640×360 — water rippling under a
 * sky, a dam crest, the scene's name and the clip's running time burnt in —
 * as an MP4 (H.264, faststart), an HLS stream (2-second fragmented-MP4 segments:
 * no transmuxing in the browser, which matters with 16 pictures on the wall)
 * and a JPEG frame (the demo adapter's snapshot). The HLS playlist repeats
 * the segments many times with discontinuities, so a wall tile keeps playing
 * for hours from a few hundred kilobytes.
 *
 *   FFMPEG=/path/to/ffmpeg node node_modules/tsx/dist/cli.mjs scripts/generateDemoVideo.ts
 *
 * ffmpeg is not a dependency of the project: any build with libx264 and
 * drawtext (libfreetype) will do; FONT names a CJK font file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_CLIPS, DEMO_CLIP_SECONDS, DEMO_SEGMENT_SECONDS, DEMO_PLAYLIST_REPEATS, type DemoClip } from '../src/server/camera/demoClips.js';

const OUT = path.resolve(import.meta.dirname, '../src/web/public/video/demo');
const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';
const FONT = process.env.FONT ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** Rippling water below a horizon, in the clip's palette (geq works on every pixel: slow, but only once). */
function sceneFilter(clip: DemoClip): string {
  const [r, g, b] = clip.palette;
  const horizon = 140;
  const wave = `sin(X/37+T*2.1)*sin(Y/11-T*3.3)`;
  const sky = (base: number) => `${base}+40*(1-Y/${horizon})`;
  const water = (base: number, amp: number) => `${base}+${amp}*${wave}+20*sin((X+Y)/90+T)`;
  // clip(): geq wraps values outside 0–255 around, which paints bright blots.
  const channel = (skyBase: number, waterBase: number, amp: number) => `clip(if(lt(Y,${horizon}),${sky(skyBase)},${water(waterBase, amp)}),0,255)`;
  return [
    `geq=r='${channel(r + 60, r, 18)}':g='${channel(g + 50, g, 22)}':b='${channel(b + 30, b, 28)}'`,
    // The dam crest and its parapet, then the labels.
    `drawbox=x=0:y=${horizon - 6}:w=iw:h=10:color=0x8a8a80:t=fill`,
    `drawbox=x=0:y=${horizon - 10}:w=iw:h=4:color=0xb8b8ae:t=fill`,
    `drawtext=fontfile=${FONT}:text='${clip.title}  演示画面':x=16:y=14:fontsize=22:fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=6`,
    `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':x=w-tw-16:y=h-th-14:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=6`,
  ].join(',');
}

function ffmpeg(args: string[]): void {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

/**
 * The rendered playlist with its segments repeated: each repetition starts with a discontinuity (timestamps
 * restart) and names the initialisation segment again.
 */
function repeatedPlaylist(single: string): string {
  const lines = single.split('\n');
  const map = lines.find((line) => line.startsWith('#EXT-X-MAP'));
  if (!map) throw new Error('the rendered playlist has no #EXT-X-MAP (fragmented MP4 expected)');
  const segments: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i].startsWith('#EXTINF')) segments.push(`${lines[i]}\n${lines[i + 1]}`);
  }
  const loop = (i: number) => `${i === 0 ? '' : '#EXT-X-DISCONTINUITY\n'}${map}\n${segments.join('\n')}`;
  const body = Array.from({ length: DEMO_PLAYLIST_REPEATS }, (_, i) => loop(i)).join('\n');
  const header = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${DEMO_SEGMENT_SECONDS}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  return [...header, body, '#EXT-X-ENDLIST', ''].join('\n');
}

function render(clip: DemoClip): void {
  const source = ['-f', 'lavfi', '-i', `color=c=black:s=640x360:r=15:d=${DEMO_CLIP_SECONDS}`, '-vf', sceneFilter(clip)];
  const h264 = ['-c:v', 'libx264', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-preset', 'slow', '-crf', '32', '-g', '30', '-an'];
  const mp4 = path.join(OUT, `${clip.name}.mp4`);
  ffmpeg([...source, ...h264, '-movflags', '+faststart', mp4]);
  const hlsDir = path.join(OUT, clip.name);
  fs.rmSync(hlsDir, { recursive: true, force: true });
  fs.mkdirSync(hlsDir, { recursive: true });
  // The HLS stream is the MP4's picture, remuxed into segments (no second encode).
  ffmpeg([
    '-i',
    mp4,
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    String(DEMO_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    path.join(hlsDir, 'seg%d.m4s'),
    path.join(hlsDir, 'single.m3u8'),
  ]);
  const single = fs.readFileSync(path.join(hlsDir, 'single.m3u8'), 'utf8');
  fs.rmSync(path.join(hlsDir, 'single.m3u8'));
  fs.writeFileSync(path.join(hlsDir, 'index.m3u8'), repeatedPlaylist(single));
  ffmpeg(['-ss', '3', '-i', mp4, '-frames:v', '1', '-q:v', '5', path.join(OUT, `${clip.name}.jpg`)]);
}

fs.mkdirSync(OUT, { recursive: true });
for (const clip of DEMO_CLIPS) render(clip);
const total = fs
  .readdirSync(OUT, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
console.log(`demo clips written to ${OUT}: ${(total / 1024).toFixed(0)} KB`);
