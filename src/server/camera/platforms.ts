/**
 * Which adapter serves a camera: by its account's platform (dictionary
 * camera_platform); a camera without an account is a direct one. A new
 * platform adapter is added here.
 */
import type { CameraPlatform } from './cameraPlatform.js';
import { DEMO_PLATFORM, demoPlatform } from './demoPlatform.js';
import { DIRECT_PLATFORM, directPlatform } from './directPlatform.js';
import { unconnectedPlatform } from './unconnectedPlatform.js';

const ADAPTERS = new Map<number, CameraPlatform>([
  [DIRECT_PLATFORM, directPlatform],
  [DEMO_PLATFORM, demoPlatform],
]);

export function platformFor(platform: number | undefined): CameraPlatform {
  if (platform === undefined) return directPlatform;
  return ADAPTERS.get(platform) ?? unconnectedPlatform;
}
