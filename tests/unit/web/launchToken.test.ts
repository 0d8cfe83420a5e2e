/** The token an app puts in the address (/video-for-app, /appView) leaves it; the other parameters stay. */
import { describe, expect, it } from 'vitest';
import { addressWithoutToken } from '../../../src/web/api/launchToken';

describe('the address without the token', () => {
  it('keeps the path, the other parameters and the hash', () => {
    expect(addressWithoutToken({ pathname: '/video-for-app', search: '?token=abc.def&reservoirId=12&lang=en', hash: '#x' })).toBe(
      '/video-for-app?reservoirId=12&lang=en#x',
    );
    expect(addressWithoutToken({ pathname: '/appView', search: '?token=abc', hash: '' })).toBe('/appView');
  });

  it('is not needed when the address carries no token', () => {
    expect(addressWithoutToken({ pathname: '/appView', search: '?page=/wel/index', hash: '' })).toBeUndefined();
  });
});
