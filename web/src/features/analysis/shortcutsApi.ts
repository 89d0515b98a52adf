/**
 * The query of the sidebar's 我的快捷方式 (GET /api/insight_topic/shortcut/list, fetched by the
 * shell's ShortcutNav). ShortcutButton invalidates it with `refetchType: 'all'`: the sidebar
 * reads the cache without a query observer, so the query never counts as active. Only the key
 * lives here — this module is shared by the shell and the analysis page, so it stays tiny.
 */
export const SHORTCUTS_QUERY_KEY = ['analysis', 'shortcuts'] as const;
