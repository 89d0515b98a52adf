import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import BarChartOutlined from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import BulbOutlined from '@ant-design/icons-svg/es/asn/BulbOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import StarOutlined from '@ant-design/icons-svg/es/asn/StarOutlined';
import { Icon } from '../../components/icon/Icon.tsx';

/**
 * The antd icons a menu entry may name (GET /api/menu `icon`). An explicit list, so the
 * bundle carries these dozen icons and not the whole set; an unknown name gets Appstore.
 */
const MENU_ICONS: Readonly<Record<string, IconDefinition>> = {
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
  return <Icon icon={MENU_ICONS[name] ?? AppstoreOutlined} />;
}
