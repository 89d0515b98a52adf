/** Chinese texts of the "service not connected" state of an insight topic's viewer. */
export const SERVICE_TEXT = {
  title: (name: string) => `${name}尚未接入`,
  previewCaption: '示意图：接入后此处显示实时内容',
  previewLabel: (name: string) => `${name}示意图`,
  howTitle: '如何接入',
  forUsers: '该专题的数据服务尚未在本站开通，内容暂时无法显示。如需查看，请联系管理员开通。',
  adminIntro: '在服务器的环境变量中设置以下各项，然后重启门户：',
  adminAddress: '专题的看板地址可在后台「内容管理 → 洞察专题 → 查看与文件」中修改。',
  adminBack: '前往后台',
  settings: {
    TABLEAU_SERVER_URL: 'Tableau Server 的地址，门户向它申请受信任票据',
    TABLEAU_USERNAME: '以哪个 Tableau 用户的身份查看',
    QUICKBI_TOKEN_URL: '签发 QuickBI 访问令牌的服务地址',
    QUICKBI_ACCESS_KEY: 'QuickBI 访问密钥 ID',
    QUICKBI_ACCESS_SECRET: 'QuickBI 访问密钥',
    DASHBOARD_ORIGINS: '允许页面嵌入的看板域名（逗号分隔）',
    CLASSIFIER_URL: '图像识别模型的调用地址（也可在专题里单独填写）',
  } as Readonly<Record<string, string>>,
  services: {
    tableau: {
      name: 'Tableau 数据看板',
      about:
        '这个专题是一张嵌入的 Tableau 看板：指标、图表和筛选由 Tableau Server 实时提供，门户为每次查看申请受信任票据。',
    },
    quickbi: {
      name: 'QuickBI 数据看板',
      about:
        '这个专题是一张嵌入的阿里云 QuickBI 报表：数据由 QuickBI 实时提供，门户每 9 分钟更新一次访问令牌。',
    },
    powerbi: {
      name: 'Power BI 报表',
      about: '这个专题是一份嵌入的 Power BI 报表：页面直接打开报表的发布地址，数据由 Power BI 提供。',
    },
    baidu_ai: {
      name: '图像识别模型',
      about: '这个专题是一个图像识别工具：上传一张商品或包装图片，模型给出识别出的名称和置信度。',
    },
  },
} as const;
