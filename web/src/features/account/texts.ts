/** Chinese texts of the account feature. */
export const ACCOUNT_TEXT = {
  selfSettingTitle: '个人设置',
} as const;
