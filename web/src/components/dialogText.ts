/**
 * Texts of the Dialog component, apart from the other components' texts so that the detail
 * chunks which open dialogs do not share (and split off) the list screens' text module.
 */
export const DIALOG_TEXT = { close: '关闭', confirmTitle: '提示', confirm: '确定', cancel: '取消' } as const;
