/** Chinese texts of the home feature. */
export const HOME_TEXT = {
  title: '首页',
  welcome: (name: string) => `欢迎回来，${name}`,
  welcomeHint: '最新的报告、头条与洞察专题将在这里为您呈现。',
  defaultName: '用户',
} as const;
