import { cleanup, render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeyboardScrollers } from './useKeyboardScrollers.ts';

afterEach(cleanup);

function Frame({ tables }: { tables: number }) {
  const root = useRef<HTMLDivElement>(null);
  useKeyboardScrollers(root);
  return (
    <div ref={root}>
      {Array.from({ length: tables }, (_, i) => (
        <div key={i} className="ant-table-content" data-testid={`table-${i}`} />
      ))}
      <div className="ant-table-body" tabIndex={-1} data-testid="own" />
    </div>
  );
}

describe('useKeyboardScrollers', () => {
  it('lets Tab reach every table scroller, also one a later page renders, and keeps a tabindex antd set', async () => {
    const { getByTestId, rerender } = render(<Frame tables={1} />);
    expect(getByTestId('table-0').tabIndex).toBe(0);
    rerender(<Frame tables={2} />);
    await waitFor(() => expect(getByTestId('table-1').tabIndex).toBe(0));
    expect(getByTestId('own').tabIndex).toBe(-1);
  });
});
