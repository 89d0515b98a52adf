import { Tabs } from 'antd';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { MenuEditor } from './MenuEditor.tsx';
import { ThemeEditor } from './ThemeEditor.tsx';

/** 菜单与主题: the user's sidebar menu and the portal's theme colours and logo (spec §3). */
export function SiteSection() {
  return (
    <SectionCard title={ADMIN_TEXT.site}>
      <Tabs
        items={[
          { key: 'menu', label: ADMIN_TEXT.menuTab, children: <MenuEditor /> },
          { key: 'theme', label: ADMIN_TEXT.themeTab, children: <ThemeEditor /> },
        ]}
      />
    </SectionCard>
  );
}
