import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StageBeside } from './stage-beside';

afterEach(cleanup);

/** Stands for the player: state that a remount would lose. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Pressed {count}
    </button>
  );
}

describe('StageBeside', () => {
  it('keeps the player mounted when a panel appears beside it and goes again', () => {
    const { rerender } = render(
      <StageBeside side={false}>
        <Counter />
      </StageBeside>,
    );
    const player = screen.getByRole('button');
    player.click();
    rerender(
      <StageBeside side={<aside aria-label="Transcript" />}>
        <Counter />
      </StageBeside>,
    );
    expect(screen.getByRole('complementary', { name: 'Transcript' })).toBeTruthy();
    expect(screen.getByRole('button')).toBe(player);
    expect(player.textContent).toBe('Pressed 1');
    rerender(
      <StageBeside side={null}>
        <Counter />
      </StageBeside>,
    );
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.getByRole('button')).toBe(player);
    expect(player.textContent).toBe('Pressed 1');
  });
});
