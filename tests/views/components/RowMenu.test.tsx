import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { RowMenu, RowMenuItem } from '@/ui/RowMenu';

function rows(onPick: (row: number, item: string) => void) {
  return render(
    <MantineProvider env="test">
      <ul>
        {[1, 2].map((row) => (
          <li key={row}>
            <RowMenu label={`更多 ${row}`} icon="…">
              <RowMenuItem onClick={() => onPick(row, 'later')}>稍后播放</RowMenuItem>
              <RowMenuItem disabled onClick={() => onPick(row, 'remove')}>
                从播放队列移除
              </RowMenuItem>
            </RowMenu>
          </li>
        ))}
      </ul>
    </MantineProvider>,
  );
}

describe('RowMenu', () => {
  it("rows show plain buttons and no menu; a press opens that row's menu with its items", async () => {
    const picked = vi.fn();
    rows(picked);
    expect(screen.getAllByRole('button', { name: /^更多/ })).toHaveLength(2);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: '更多 2' }).getAttribute('aria-haspopup')).toBe('menu');

    await userEvent.click(screen.getByRole('button', { name: '更多 2' }));
    const later = await screen.findByRole('menuitem', { name: '稍后播放' });
    expect((screen.getByRole('menuitem', { name: '从播放队列移除' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(later);
    expect(picked).toHaveBeenCalledWith(2, 'later');
    expect(picked).toHaveBeenCalledTimes(1);
  });

  it('from the keyboard: Enter on the button opens the menu, Escape closes it, and it opens again', async () => {
    const user = userEvent.setup();
    rows(() => {});
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '更多 1' }));
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: '稍后播放' });
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('menuitem', { name: '稍后播放' })).toBeNull());
    await user.click(screen.getByRole('button', { name: '更多 1' }));
    await screen.findByRole('menuitem', { name: '稍后播放' });
  });

  it('an item outside an opened menu renders nothing', () => {
    render(<RowMenuItem>稍后播放</RowMenuItem>);
    expect(screen.queryByText('稍后播放')).toBeNull();
  });
});
