import { ANALYSIS_CATEGORIES } from '../modules/content/content-types.ts';
import type { NewMenuItem } from '../modules/navigation/navigation.repo.ts';

/** The sidebar every installation starts with (icons are antd icon names). */
export const DEFAULT_MENU: readonly NewMenuItem[] = [
  { key: 'homepage', title: '首页', path: '/homepage', icon: 'HomeOutlined' },
  { key: 'headlines', title: '商业头条', path: '/headlines', icon: 'ReadOutlined' },
  {
    key: 'analysis',
    title: '洞察专题',
    path: '/analysis',
    icon: 'BulbOutlined',
    children: ANALYSIS_CATEGORIES.map((c) => ({
      key: `analysis-${c.anal_type}`,
      title: c.title,
      path: `/analysis?anal_type=${c.anal_type}`,
    })),
  },
  { key: 'report', title: '报告', path: '/report', icon: 'FileTextOutlined' },
  { key: 'material', title: '素材', path: '/material', icon: 'PictureOutlined' },
  { key: 'organ', title: '机构', path: '/organ', icon: 'BankOutlined' },
  { key: 'collection', title: '我的收藏', path: '/collection', icon: 'StarOutlined' },
  { key: 'notes', title: '我的笔记', path: '/notes', icon: 'EditOutlined' },
  { key: 'feedback', title: '意见反馈', path: '/feedback', icon: 'MessageOutlined' },
];
