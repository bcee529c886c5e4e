import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { text } from '@/shared/text';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { renderAt } from './render';

let broken = true;
function Page() {
  if (broken) throw new Error('a record of an unexpected shape');
  return <p>the page</p>;
}

function Routed() {
  const [route, setRoute] = useState('/a');
  return (
    <>
      <button type="button" onClick={() => setRoute('/b')}>
        go
      </button>
      <ErrorBoundary resetKey={route}>
        <Page />
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary', () => {
  it('shows the catalogued message with 重试 instead of a white page; 重试 renders again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    broken = true;
    renderAt('/', <Routed />);
    expect(screen.getByRole('alert').textContent).toContain(text.errors.render);
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: text.retry }));
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('a new route starts afresh', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    broken = true;
    renderAt('/', <Routed />);
    expect(screen.getByRole('alert')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
