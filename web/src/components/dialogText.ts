/**
 * Texts of the Dialog component, apart from the other components' texts so that the detail
 * chunks which open dialogs do not share (and split off) the list screens' text module.
 */
export const DIALOG_TEXT = { close: '关闭' } as const;
