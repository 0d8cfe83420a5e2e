/**
 * Types for single-icon imports (`@ant-design/icons/es/icons/UserOutlined`).
 * Pages on the sign-in path import icons one by one: importing the package
 * index there would pull the whole icon set into the first download, because
 * the side menu loads the index on demand (shell/MenuIcon.tsx).
 */
declare module '@ant-design/icons/es/icons/*' {
  import type { AntdIconProps } from '@ant-design/icons/es/components/AntdIcon';
  import type { ForwardRefExoticComponent, RefAttributes } from 'react';

  const Icon: ForwardRefExoticComponent<Omit<AntdIconProps, 'ref'> & RefAttributes<HTMLSpanElement>>;
  export default Icon;
}
