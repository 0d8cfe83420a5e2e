/**
 * The built-in "demo" platform (camera_platform 8 内置演示): needs no network.
 * Live addresses are the clips the package ships (demoClips.ts), one scene per
 * camera chosen from its id, as HLS (a playlist that loops for an hour) or
 * MP4; PTZ commands move a simulated head and are recorded (the latest
 * MAX_RECORDS per camera, in this process's memory — a demo needs nothing
 * more durable); a snapshot is the scene's JPEG frame.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../engine/schemaFiles.js';
import { badRequest } from '../http/apiError.js';
import { storedTime } from '../workflow/runtime/runtimeClock.js';
import type { CameraPlatform, PlatformCamera, PtzPosition, PtzRecord } from './cameraPlatform.js';
import { DEMO_CLIP_DIR, DEMO_CLIP_PATH, DEMO_CLIPS, type DemoClip } from './demoClips.js';
import type { PtzCommand } from './ptzCommands.js';

export const DEMO_PLATFORM = 8;
export const MAX_RECORDS = 20;

/** Degrees (pan, tilt), zoom steps and focus steps one command moves per unit of speed. */
const STEP = 2;

interface DemoHead {
  position: PtzPosition;
  recent: PtzRecord[];
}

const heads = new Map<string, DemoHead>();

/** The camera's scene: the same for a camera every time (a hash of its id). */
export function demoClipOf(cameraId: string): DemoClip {
  let hash = 0;
  for (const char of cameraId) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return DEMO_CLIPS[hash % DEMO_CLIPS.length];
}

function headOf(camera: PlatformCamera): DemoHead {
  const key = `${camera.tenantId}:${camera.id}`;
  let head = heads.get(key);
  if (!head) {
    head = { position: { pan: 0, tilt: 0, zoom: 1, focus: 50 }, recent: [] };
    heads.set(key, head);
  }
  return head;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Where the head is after one command: pan wraps around (−180, 180], tilt stops at −90 and 30, zoom at 1×–30×, focus at 0–100. */
export function moved(position: PtzPosition, { command, speed }: PtzCommand): PtzPosition {
  const step = speed * STEP;
  const pan = (position.pan + (/left/i.test(command) ? -step : /right/i.test(command) ? step : 0) + 540) % 360;
  const tilt = /^up/.test(command) ? step : /^down/.test(command) ? -step : 0;
  return {
    pan: pan - 180 === -180 ? 180 : pan - 180,
    tilt: clamp(position.tilt + tilt, -90, 30),
    zoom: clamp(position.zoom + (command === 'zoomIn' ? speed : command === 'zoomOut' ? -speed : 0), 1, 30),
    focus: clamp(position.focus + (command === 'focusFar' ? step : command === 'focusNear' ? -step : 0), 0, 100),
  };
}

export const demoPlatform: CameraPlatform = {
  name: 'demo',
  protocols: ['hls', 'mp4'],
  async liveAddress(camera, protocol) {
    const clip = demoClipOf(camera.id);
    const url = protocol === 'mp4' ? `${DEMO_CLIP_PATH}/${clip.name}.mp4` : `${DEMO_CLIP_PATH}/${clip.name}/index.m3u8`;
    return { url, protocol, expireTime: null };
  },
  async control(camera, command, userId) {
    const head = headOf(camera);
    head.position = moved(head.position, command);
    head.recent = [{ command: command.command, speed: command.speed, at: new Date().toISOString(), userId }, ...head.recent].slice(0, MAX_RECORDS);
    return { accepted: true, command: command.command, position: { ...head.position } };
  },
  async snapshot(camera) {
    const file = path.join(PROJECT_ROOT, DEMO_CLIP_DIR, `${demoClipOf(camera.id).name}.jpg`);
    const content = await fs.readFile(file).catch(() => {
      throw badRequest('演示视频文件缺失，无法抓拍', 'The demo clips are missing; no snapshot can be taken');
    });
    // Local wall-clock time as every stored time (Asia/Shanghai, yyyy-MM-dd HH:mm:ss): the file name is built from it.
    return { contentType: 'image/jpeg', content, takenAt: storedTime(new Date()) };
  },
  async ptzState(camera) {
    const head = headOf(camera);
    return { position: { ...head.position }, recent: [...head.recent] };
  },
};
