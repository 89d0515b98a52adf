import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BulbOutlined,
  EditOutlined,
  FileTextOutlined,
  HomeOutlined,
  MessageOutlined,
  PictureOutlined,
  ReadOutlined,
  SettingOutlined,
  StarOutlined,
} from '@ant-design/icons';

/**
 * The antd icons a menu entry may name (GET /api/menu `icon`). An explicit list, so the
 * bundle carries these dozen icons and not the whole set; an unknown name gets Appstore.
 */
const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BulbOutlined,
  EditOutlined,
  FileTextOutlined,
  HomeOutlined,
  MessageOutlined,
  PictureOutlined,
  ReadOutlined,
  SettingOutlined,
  StarOutlined,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  if (name === undefined || name === '') {
    return null;
  }
  const Icon = MENU_ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
