/** Chinese texts of the subscriptions feature. */
export const SUBSCRIPTIONS_TEXT = {
  onboardingTitle: '订阅设置',
  settingTitle: '订阅设置',
  unsubscribeTitle: '退订',
} as const;
