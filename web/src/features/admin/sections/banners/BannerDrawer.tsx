import { useQueryClient } from '@tanstack/react-query';
import { MSG, validateAdminTitle, validateBannerLink, type TAdminBanner } from '@portal/contract';
import { App, Button, DatePicker, Drawer, Form, Input, InputNumber, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { contractRule } from '../../components/formRules.ts';
import { fromShanghaiPicker, toShanghaiPicker } from '../../components/shanghaiPicker.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { FileKeyUpload } from '../organisations/FileKeyUpload.tsx';
import { bannersApi, bannersKeys } from './bannersApi.ts';
import { BANNER_TEXT } from './bannerTexts.ts';

type TBannerForm = {
  title: string;
  image_key: string;
  redirect_url: string;
  sort: number;
  enabled: boolean;
  schedule: [Dayjs | null, Dayjs | null] | null;
};

const pickedMs = (value: Dayjs | null | undefined) => (value ? fromShanghaiPicker(value) : null);

/** `open` is a banner to edit, 'new' to create one, or null when closed. */
export type TBannerDrawerTarget = TAdminBanner | 'new' | null;

function formValues(b: TAdminBanner | 'new'): TBannerForm {
  if (b === 'new') {
    return { title: '', image_key: '', redirect_url: '', sort: 0, enabled: true, schedule: null };
  }
  return {
    title: b.title,
    image_key: b.image_key,
    redirect_url: b.redirect_url,
    sort: b.sort,
    enabled: b.enabled === 1,
    schedule: [
      b.starts_at === null ? null : toShanghaiPicker(b.starts_at),
      b.ends_at === null ? null : toShanghaiPicker(b.ends_at),
    ],
  };
}

/**
 * 新建 / 编辑轮播图: image upload with preview, title, link, order, enabled, schedule — checked
 * by the contract's rules; an edit carries the loaded version (a save over a newer one is refused).
 */
export function BannerDrawer({ target, onClose }: { target: TBannerDrawerTarget; onClose: () => void }) {
  const [form] = Form.useForm<TBannerForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (target !== null) {
      form.setFieldsValue(formValues(target));
    }
  }, [target, form]);

  const save = async (values: TBannerForm) => {
    const body = {
      title: values.title,
      image_key: values.image_key,
      redirect_url: values.redirect_url ?? '',
      sort: values.sort ?? 0,
      enabled: values.enabled ? 1 : 0,
      starts_at: pickedMs(values.schedule?.[0]),
      ends_at: pickedMs(values.schedule?.[1]),
    } as const;
    try {
      if (target === 'new') {
        await bannersApi.create(body);
      } else if (target !== null) {
        await bannersApi.update(target.id, { ...body, version: target.version });
      }
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
      return;
    }
    void message.success(ADMIN_TEXT.saved);
    await queryClient.invalidateQueries({ queryKey: bannersKeys.all });
    onClose();
  };

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={target === 'new' ? BANNER_TEXT.newBanner : BANNER_TEXT.editBanner}
      size={560}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{ADMIN_TEXT.cancel}</Button>
          <Button type="primary" onClick={() => form.submit()}>
            {ADMIN_TEXT.save}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} preserve={false}>
        <Form.Item name="title" label={BANNER_TEXT.fieldTitle} rules={[contractRule(validateAdminTitle)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="image_key"
          label={BANNER_TEXT.fieldImage}
          extra={BANNER_TEXT.imageHint}
          rules={[{ required: true, message: MSG.adminBannerImageRequired }]}
        >
          <FileKeyUpload upload={bannersApi.upload} alt={BANNER_TEXT.fieldImage} clearable={false} />
        </Form.Item>
        <Form.Item
          name="redirect_url"
          label={BANNER_TEXT.fieldLink}
          extra={BANNER_TEXT.linkHint}
          rules={[contractRule(validateBannerLink)]}
        >
          <Input placeholder="/report" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="sort" label={BANNER_TEXT.fieldSort}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={BANNER_TEXT.fieldEnabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item
          name="schedule"
          label={BANNER_TEXT.fieldSchedule}
          extra={BANNER_TEXT.scheduleHint}
          rules={[
            {
              validator: async (_rule, value: TBannerForm['schedule']) => {
                const [start, end] = value ?? [null, null];
                if (start && end && !end.isAfter(start)) {
                  throw new Error(MSG.adminScheduleInvalid);
                }
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
            placeholder={[BANNER_TEXT.scheduleStart, BANNER_TEXT.scheduleEnd]}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
