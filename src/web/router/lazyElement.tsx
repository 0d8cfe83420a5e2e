/**
 * A route element whose code loads when the route is first opened, so the
 * sign-in page does not carry the shell and the pages behind it.
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

export function lazyElement(load: () => Promise<ComponentType>) {
  const Component = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Spin className="shell-loading" />}>
      <Component />
    </Suspense>
  );
}
