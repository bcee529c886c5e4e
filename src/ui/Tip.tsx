// Tooltip without a positioning engine: keeps floating-ui out of the first page. The wrapped
// icon button carries the same text as its accessible name.
import type { ReactNode } from 'react';
import classes from './Tip.module.css';

export function Tip({
  label,
  placement = 'bottom',
  children,
}: {
  label: string;
  placement?: 'top' | 'bottom';
  children: ReactNode;
}) {
  return (
    <span className={classes.tip} data-tip={label} data-placement={placement}>
      {children}
    </span>
  );
}
