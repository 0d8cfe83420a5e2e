/**
 * The seam between the cameras and the video platforms that serve them
 * (business-domain §7). A camera is reached through its account's platform
 * (camera/cameraAccount.platform, dictionary camera_platform) — or directly by
 * its own address when it has no account. Each platform is one adapter:
 *
 * - liveAddress: a URL a browser can play, in the protocol asked for when the
 *   platform offers a choice (EZVIZ and ISC answer HLS, FLV, RTMP… on request);
 * - control: one pan-tilt-zoom-focus step (the pad of the detail page);
 * - snapshot: a picture of what the camera sees now, as a JPEG.
 *
 * Adapters: "direct" (platform 9, or no account: the camera's liveUrl, no PTZ
 * or snapshot, since nothing but a stream address is known), "demo"
 * (platform 8: the clips the package ships, PTZ recorded) and "unconnected"
 * (the cloud platforms 萤石云 / 海康 ISC / 大华 ICC / GB28181 gateways, which
 * need the vendor's network and credentials: a clear refusal until someone
 * writes their adapter). A real adapter implements this interface with the
 * account's apiUrl, appKey and the sealed appSecret (opened server-side only)
 * and the camera's deviceSerial / channelNo, and is listed in platforms.ts.
 */
import type { LiveProtocol } from '../actions/camera/liveAddress.js';
import type { PtzCommand } from './ptzCommands.js';

/** What an adapter needs to know of a camera. */
export interface PlatformCamera {
  id: string;
  tenantId: string;
  name: string;
  ptz: boolean;
  liveUrl: string | null;
  deviceSerial: string | null;
  channelNo: number;
}

/** What an adapter needs to know of the camera's account (never its secret in clear: adapters open it themselves). */
export interface PlatformAccount {
  id: string;
  platform: number;
  apiUrl: string | null;
  appKey: string | null;
}

export interface LiveAddress {
  url: string | null;
  protocol: LiveProtocol | null;
  /** When the platform's address stops working (cloud platforms hand out expiring URLs); null: it does not expire. */
  expireTime: string | null;
}

/** The camera's pan-tilt-zoom state, as far as the platform reports it (the demo adapter keeps its own). */
export interface PtzPosition {
  pan: number;
  tilt: number;
  zoom: number;
  focus: number;
}

export interface PtzRecord {
  command: PtzCommand['command'];
  speed: number;
  at: string;
  userId: string;
}

export interface ControlAnswer {
  accepted: true;
  command: PtzCommand['command'];
  position: PtzPosition | null;
}

export interface Snapshot {
  contentType: 'image/jpeg';
  content: Buffer;
  /** Local wall-clock time (Asia/Shanghai), yyyy-MM-dd HH:mm:ss, as every stored time. */
  takenAt: string;
}

export interface CameraPlatform {
  /** The adapter's name, for logs and answers. */
  readonly name: string;
  /** The protocols it can answer; the first is the default. */
  readonly protocols: readonly LiveProtocol[];
  liveAddress(camera: PlatformCamera, protocol: LiveProtocol): Promise<LiveAddress>;
  control(camera: PlatformCamera, command: PtzCommand, userId: string): Promise<ControlAnswer>;
  snapshot(camera: PlatformCamera): Promise<Snapshot>;
  /** The recorded or reported PTZ state with the latest commands; null when the platform cannot tell. */
  ptzState(camera: PlatformCamera): Promise<{ position: PtzPosition; recent: PtzRecord[] } | null>;
}
