// The opened form of a RowMenu (RowMenu.tsx): Mantine's Menu, open from the start (it replaces the
// plain button that was pressed), its target taking the focus so the keyboard goes on from there.
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { ActionIcon, Menu } from '@mantine/core';
import { RowMenuItemContext, type RowMenuProps } from './RowMenuItem';

export default function RowMenuLoaded({ label, icon, color, children }: RowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <ActionIcon variant="subtle" color={color} aria-label={label} data-autofocus>
          {icon}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <RowMenuItemContext.Provider value={Menu.Item}>{children}</RowMenuItemContext.Provider>
      </Menu.Dropdown>
    </Menu>
  );
}
