import { describe, expect, it } from 'vitest';
import { auditChanges } from './auditChanges.ts';

describe('audit entry changes', () => {
  it('lists only the fields a write changed', () => {
    expect(
      auditChanges(
        { status: 'published', version: 3, title: '报告' },
        { status: 'unpublished', version: 4, title: '报告' },
      ),
    ).toEqual([
      { field: 'status', before: 'published', after: 'unpublished' },
      { field: 'version', before: '3', after: '4' },
    ]);
  });

  it('shows a created item as empty → its fields, and values that are not objects as one change', () => {
    expect(auditChanges(null, { title: '新头条', roles: [1, 2] })).toEqual([
      { field: 'title', before: '', after: '新头条' },
      { field: 'roles', before: '', after: '[1,2]' },
    ]);
    expect(auditChanges(0, 1)).toEqual([{ field: '', before: '0', after: '1' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
