import type { TCatalogueKind } from '@portal/contract';

/** The words of the 目录 screen. */
export const CATALOGUE_TEXT = {
  section: '目录',
  typesTab: '公司类型与行业',
  keywordsTab: '推荐关键词',
  synonymsTab: '同义词',
  synonymNoun: '同义词组',
  synonymWords: '同义词组',
  synonymEdit: '编辑同义词组',
  synonymAdd: '添加同义词组',
  synonymPlaceholder: '用逗号或顿号分隔，如：宁德时代、CATL、300750',
  synonymHelp:
    '搜索组内任一词时，同时搜索组内其他词（如公司名、英文名与股票代码），结果页会提示已同时搜索的同义词；修改对新的搜索和每日推送立即生效。',
  synonymImpact: '删除后，搜索组内的词将不再同时搜索其他词。',
  edit: '编辑',
  noun: { 'company-types': '公司类型', industries: '行业', keywords: '关键词' } satisfies Record<
    TCatalogueKind,
    string
  >,
  name: '名称',
  users: '选择的用户',
  actions: '操作',
  add: '添加',
  addPlaceholder: (noun: string) => `新${noun}名称`,
  rename: '重命名',
  save: '保存',
  cancel: '取消',
  up: '上移',
  down: '下移',
  remove: '删除',
  saved: '保存成功',
  deleted: '已删除',
  industriesOf: (type: string) => `「${type}」的行业`,
  noIndustries: '该类型不要求选择行业；添加行业后，选择它的用户须再选所在行业',
  reindexRunning: (done: number, queued: number) =>
    `正在更新搜索索引：${done} / ${queued} 篇含该关键词的内容`,
  reindexDone: (queued: number) =>
    queued === 0
      ? '最近一次关键词变更没有需要更新索引的内容'
      : `搜索索引已更新：${queued} 篇含该关键词的内容`,
  confirmDelete: (noun: string, name: string) => `删除${noun}「${name}」？`,
  impact: {
    'company-types': (users: number) =>
      `${users} 位用户选择了该公司类型，删除后他们的公司类型和行业将变为空，下次保存订阅设置时需重新选择；该类型下的行业一并删除。`,
    industries: (users: number) =>
      `${users} 位用户选择了该行业，删除后他们的行业将变为空，下次保存订阅设置时需重新选择。`,
    keywords: (users: number) =>
      `${users} 位用户订阅了该关键词，删除后它从推荐列表中移除，这些用户的订阅保留为自定义关键词。`,
  } satisfies Record<TCatalogueKind, (users: number) => string>,
};
