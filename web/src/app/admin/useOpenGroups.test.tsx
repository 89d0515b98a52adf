import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOpenGroups } from './useOpenGroups.ts';

afterEach(cleanup);

describe('useOpenGroups', () => {
  it("opens the group the address enters and keeps the admin's own choices", () => {
    const { result, rerender } = renderHook(({ group }) => useOpenGroups(group), {
      initialProps: { group: undefined as string | undefined },
    });
    expect(result.current[0]).toEqual([]);
    // /admin redirects to its first section: that section's group opens.
    rerender({ group: 'group:内容管理' });
    expect(result.current[0]).toEqual(['group:内容管理']);
    // The admin opens another group and closes this one: kept while the address stays.
    act(() => result.current[1](['group:用户']));
    rerender({ group: 'group:内容管理' });
    expect(result.current[0]).toEqual(['group:用户']);
    // Entering a section of the closed group opens it again, beside what is open.
    rerender({ group: undefined });
    rerender({ group: 'group:内容管理' });
    expect(result.current[0]).toEqual(['group:用户', 'group:内容管理']);
  });
});
