import { useQuery, useQueryClient } from '@tanstack/react-query';
import { validateLogoUrl, validateThemeColor, type TAdminThemeReply } from '@portal/contract';
import { App, Button, ColorPicker, Flex, Form, Input, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { contractRule } from '../../components/formRules.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { siteApi, siteKeys } from './siteApi.ts';

type TThemeForm = Omit<TAdminThemeReply, 'version'>;

/** The picker's colour as the contract's `#rrggbb` (the form keeps strings, as the API does). */
const hexOf = (color: string | { toHexString: () => string }): string =>
  typeof color === 'string' ? color : color.toHexString();
const COLOURS = [
  'theme_color',
  'nav_font_color',
  'nav_background',
  'button_bg1',
  'button_bg2',
  'border_bg_check',
  'button_bg_check',
] as const;

/**
 * 主题: the spec's theme colours (§3 session user) and the logo, over the configured defaults;
 * each colour a `#RRGGBB` checked by the contract, saved at the version loaded. The portal and the
 * back-office take them on their next load.
 */
export function ThemeEditor() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TThemeForm>();
  const { data, isPending } = useQuery({ queryKey: siteKeys.theme, queryFn: siteApi.theme });

  useEffect(() => {
    if (data) {
      const { version: _version, ...values } = data;
      form.setFieldsValue(values);
    }
  }, [data, form]);

  const save = async (values: TThemeForm) => {
    if (!data) {
      return;
    }
    try {
      await siteApi.updateTheme({ ...values, version: data.version });
    } catch {
      return;
    }
    void message.success(ADMIN_TEXT.themeSaved);
    await queryClient.invalidateQueries({ queryKey: siteKeys.theme });
  };

  if (isPending) {
    return <Spin />;
  }
  return (
    <Form<TThemeForm>
      form={form}
      layout="vertical"
      onFinish={(values) => void save(values)}
      style={{ maxWidth: 640 }}
    >
      <Flex wrap gap="0 24px">
        {COLOURS.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={ADMIN_TEXT.themeLabel[name]}
            rules={[contractRule(validateThemeColor)]}
            getValueFromEvent={hexOf}
            style={{ width: 180 }}
          >
            <ColorPicker showText format="hex" disabledAlpha />
          </Form.Item>
        ))}
      </Flex>
      <Form.Item
        name="logo"
        label={ADMIN_TEXT.themeLogo}
        rules={[contractRule(validateLogoUrl)]}
        extra={ADMIN_TEXT.themeLogoHint}
      >
        <Input />
      </Form.Item>
      <Typography.Paragraph type="secondary">{ADMIN_TEXT.themeHint}</Typography.Paragraph>
      <Button type="primary" htmlType="submit">
        {ADMIN_TEXT.save}
      </Button>
    </Form>
  );
}
