import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  validateOrganContactEmail,
  validateOrganIntroduction,
  validateOrganName,
  validateOrganWebsite,
  validateSocialName,
  validateSocialUrl,
  type TAdminOrganDetail,
} from '@portal/contract';
import {
  App,
  Button,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Space,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { contractRule } from '../../components/formRules.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { FileKeyUpload } from './FileKeyUpload.tsx';
import { organisationsApi, organisationsKeys } from './organisationsApi.ts';
import { ORGAN_TEXT } from './organTexts.ts';
import { ProductDrawer, type TProductTarget } from './ProductDrawer.tsx';
import { ProductList } from './ProductList.tsx';

/** An organisation's id to edit, 'new' to create one, or null when closed. */
export type TOrganTarget = number | 'new' | null;

type TOrganForm = {
  name: string;
  is_certification: boolean;
  logo_key: string;
  official_website: string;
  contact_email: string;
  introduction: string;
  social_accounts: { name: string; url: string }[];
  sort: number;
};

function formValues(d: TAdminOrganDetail | null): TOrganForm {
  return {
    name: d?.name ?? '',
    is_certification: d?.is_certification === 1,
    logo_key: d?.logo_key ?? '',
    official_website: d?.official_website ?? '',
    contact_email: d?.contact_email ?? '',
    introduction: d?.introduction ?? '',
    social_accounts: d?.social_accounts ?? [],
    sort: d?.sort ?? 0,
  };
}

/**
 * 新建 / 编辑机构: the organisation's page fields (checked by the contract's rules; a save over a
 * newer one is refused), then its products, each edited in a drawer above this one.
 */
export function OrganisationDrawer({
  target,
  onTarget,
}: {
  target: TOrganTarget;
  onTarget: (target: TOrganTarget) => void;
}) {
  const [form] = Form.useForm<TOrganForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [product, setProduct] = useState<TProductTarget>(null);
  const id = typeof target === 'number' ? target : 0;
  const detail = useQuery({
    queryKey: organisationsKeys.detail(id),
    queryFn: () => organisationsApi.detail(id),
    enabled: id > 0,
    staleTime: 0,
  });
  const loaded = detail.data ?? null;

  useEffect(() => {
    if (target === 'new') {
      form.setFieldsValue(formValues(null));
    } else if (loaded) {
      form.setFieldsValue(formValues(loaded));
    }
  }, [target, loaded, form]);

  const close = () => onTarget(null);

  const save = async (values: TOrganForm) => {
    const body = {
      ...values,
      is_certification: values.is_certification ? 1 : 0,
      social_accounts: values.social_accounts ?? [],
      sort: values.sort ?? 0,
    } as const;
    try {
      if (target === 'new') {
        const created = await organisationsApi.create(body);
        onTarget(created.id);
      } else if (loaded) {
        await organisationsApi.update(id, { ...body, version: loaded.version });
      }
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
      return;
    }
    void message.success(ADMIN_TEXT.saved);
    await queryClient.invalidateQueries({ queryKey: organisationsKeys.all });
  };

  const title = target === 'new' ? ORGAN_TEXT.newOrgan : ORGAN_TEXT.editOrgan(loaded?.name ?? '');
  return (
    <Drawer
      open={target !== null}
      onClose={close}
      title={title}
      size={640}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{ADMIN_TEXT.cancel}</Button>
          <Button type="primary" onClick={() => form.submit()} disabled={target !== 'new' && !loaded}>
            {ADMIN_TEXT.save}
          </Button>
        </Space>
      }
    >
      {id > 0 && detail.isPending ? <Spin /> : null}
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} preserve={false}>
        <Form.Item name="name" label={ORGAN_TEXT.fieldName} rules={[contractRule(validateOrganName)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="is_certification"
          label={ORGAN_TEXT.fieldCertified}
          valuePropName="checked"
          extra={ORGAN_TEXT.certifiedHint}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="logo_key" label={ORGAN_TEXT.fieldLogo}>
          <FileKeyUpload upload={organisationsApi.upload} alt={ORGAN_TEXT.fieldLogo} />
        </Form.Item>
        <Form.Item
          name="official_website"
          label={ORGAN_TEXT.fieldWebsite}
          rules={[contractRule(validateOrganWebsite)]}
        >
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item
          name="contact_email"
          label={ORGAN_TEXT.fieldContactEmail}
          extra={ORGAN_TEXT.contactEmailHint}
          rules={[contractRule(validateOrganContactEmail)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="introduction"
          label={ORGAN_TEXT.fieldIntroduction}
          rules={[contractRule(validateOrganIntroduction)]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item label={ORGAN_TEXT.fieldSocial}>
          <Form.List name="social_accounts">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[contractRule(validateSocialName)]}
                      noStyle={false}
                    >
                      <Input placeholder={ORGAN_TEXT.socialName} style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'url']} rules={[contractRule(validateSocialUrl)]}>
                      <Input placeholder={ORGAN_TEXT.socialUrl} style={{ width: 260 }} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label={ORGAN_TEXT.clear} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', url: '' })}>
                  {ORGAN_TEXT.addSocial}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="sort" label={ORGAN_TEXT.fieldSort}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{ORGAN_TEXT.statisticsHint}</Typography.Paragraph>
      </Form>
      <Divider titlePlacement="start">{ORGAN_TEXT.products}</Divider>
      {loaded ? (
        <ProductList organ={loaded} onEdit={setProduct} />
      ) : (
        <Typography.Text type="secondary">{ORGAN_TEXT.saveFirst}</Typography.Text>
      )}
      <ProductDrawer target={product} onClose={() => setProduct(null)} />
    </Drawer>
  );
}
