/** One icon button of the top bar's tool strip, with a tooltip and an accessible name. */
import { Tooltip } from 'antd';
import { forwardRef, type ReactNode } from 'react';

interface ToolButtonProps {
  title: string;
  testId: string;
  onClick?: () => void;
  children: ReactNode;
}

export const ToolButton = forwardRef<HTMLSpanElement, ToolButtonProps>(function ToolButton({ title, testId, onClick, children, ...rest }, ref) {
  return (
    <Tooltip title={title} placement="bottom" mouseEnterDelay={0.3}>
      <span
        {...rest}
        ref={ref}
        className="shell-tool"
        role="button"
        tabIndex={0}
        aria-label={title}
        data-testid={testId}
        onClick={onClick}
        onKeyDown={(event) => {
          if (onClick && (event.key === 'Enter' || event.key === ' ')) {
            event.preventDefault();
            onClick();
          }
        }}
      >
        {children}
      </span>
    </Tooltip>
  );
});
