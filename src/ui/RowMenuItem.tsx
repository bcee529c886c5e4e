// The parts a RowMenu (RowMenu.tsx) and its loaded form (RowMenuLoaded.tsx) share: their props,
// and the item, which renders as Mantine's Menu.Item once the loaded menu provides it.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export interface RowMenuProps {
  /** the button's accessible name (更多, 操作) */
  label: string;
  icon: ReactNode;
  color?: string;
  /** RowMenuItem elements */
  children: ReactNode;
}

export interface RowMenuItemProps {
  onClick?: () => void;
  disabled?: boolean;
  color?: string;
  leftSection?: ReactNode;
  children: ReactNode;
}

/** the menu's item component, given by the loaded menu to the items inside it */
export const RowMenuItemContext = createContext<ComponentType<RowMenuItemProps> | null>(null);

/** an item of a RowMenu: rendered only inside the opened menu, as Mantine's Menu.Item */
export function RowMenuItem(props: RowMenuItemProps) {
  const Item = useContext(RowMenuItemContext);
  return Item ? <Item {...props} /> : null;
}
