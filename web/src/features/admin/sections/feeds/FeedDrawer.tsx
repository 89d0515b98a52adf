import { useQueryClient } from '@tanstack/react-query';
import {
  FEED_INTERVAL_MAX,
  FEED_INTERVAL_MIN,
  validateAdminShortText,
  validateFeedInterval,
  validateFeedName,
  validateFeedUrl,
  type TAdminFeed,
  type TFeedSchedule,
} from '@portal/contract';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { contractRule } from '../../components/formRules.ts';
import { FEED_TEXT } from './feedTexts.ts';
import { feedsApi, feedsKeys } from './feedsApi.ts';

/** What the drawer edits: a new source, or an existing one. */
export type TFeedTarget = { mode: 'create' } | { mode: 'edit'; feed: TAdminFeed };

type TFeedForm = {
  url: string;
  name: string;
  category: string;
  schedule: TFeedSchedule;
  interval_minutes: number | null;
  enabled: boolean;
};

const EMPTY: TFeedForm = {
  url: '',
  name: '',
  category: '',
  schedule: 'weekdays_0800',
  interval_minutes: 60,
  enabled: true,
};

const SCHEDULE_OPTIONS = [
  { value: 'weekdays_0800', label: FEED_TEXT.scheduleWeekdays },
  { value: 'every_n_minutes', label: FEED_TEXT.scheduleInterval },
];

/**
 * 添加资讯源 / 编辑资讯源: address, display name, category, schedule and the enabled flag,
 * checked with the contract's rules. The server refuses an address on this machine or a
 * private network (unless FEED_ALLOW_HOSTS lists it) with its message; nothing is saved then.
 */
export function FeedDrawer({ target, onClose }: { target: TFeedTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<TFeedForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const schedule = Form.useWatch('schedule', form);

  useEffect(() => {
    if (target?.mode === 'create') {
      form.setFieldsValue(EMPTY);
    } else if (target?.mode === 'edit') {
      const f = target.feed;
      form.setFieldsValue({
        url: f.url,
        name: f.name,
        category: f.category,
        schedule: f.schedule,
        interval_minutes: f.interval_minutes ?? 60,
        enabled: f.enabled,
      });
    }
  }, [target, form]);

  const submit = async () => {
    let values: TFeedForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      url: values.url.trim(),
      name: values.name.trim(),
      category: (values.category ?? '').trim(),
      schedule: values.schedule,
      interval_minutes: values.schedule === 'every_n_minutes' ? values.interval_minutes : null,
      enabled: values.enabled,
    };
    setSaving(true);
    try {
      if (target?.mode === 'edit') {
        await feedsApi.update(target.feed.id, { ...body, version: target.feed.version });
        void message.success(FEED_TEXT.saved);
      } else {
        await feedsApi.create(body);
        void message.success(FEED_TEXT.created);
      }
      await queryClient.invalidateQueries({ queryKey: feedsKeys.all });
      onClose();
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? FEED_TEXT.edit : FEED_TEXT.add}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{FEED_TEXT.cancel}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {FEED_TEXT.save}
          </Button>
        </Space>
      }
    >
      <Form<TFeedForm> form={form} layout="vertical" preserve={false}>
        <Form.Item name="url" label={FEED_TEXT.fieldUrl} rules={[contractRule(validateFeedUrl)]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="name" label={FEED_TEXT.fieldName} rules={[contractRule(validateFeedName)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="category"
          label={FEED_TEXT.fieldCategory}
          rules={[contractRule(validateAdminShortText)]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="schedule" label={FEED_TEXT.fieldSchedule}>
          <Select options={SCHEDULE_OPTIONS} />
        </Form.Item>
        {schedule === 'every_n_minutes' ? (
          <Form.Item
            name="interval_minutes"
            label={FEED_TEXT.fieldInterval}
            rules={[
              {
                validator: async (_rule, value: number | null) => {
                  const problem = validateFeedInterval(value);
                  if (problem !== null) {
                    throw new Error(problem);
                  }
                },
              },
            ]}
          >
            <InputNumber
              min={FEED_INTERVAL_MIN}
              max={FEED_INTERVAL_MAX}
              precision={0}
              style={{ width: 160 }}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="enabled" label={FEED_TEXT.fieldEnabled} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
