import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INBOX_DEFAULT_SUBJECT,
  INBOX_STATUSES,
  validateInboxBody,
  validateInboxNote,
  validateInboxSubject,
  type TInboxAssignees,
  type TInboxDetail,
  type TInboxKind,
  type TInboxStatus,
} from '@portal/contract';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Form,
  Image,
  Input,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { formatTime } from '../../components/formatTime.ts';
import { InboxChanges } from './InboxChanges.tsx';
import { contractRule } from '../../components/formRules.ts';
import { inboxApi, inboxKeys } from './inboxApi.ts';
import { INBOX_TEXT } from './inboxTexts.ts';

type TWorkflowValues = { status: TInboxStatus; assignee_id: number | null; note: string };
type TReplyValues = { subject: string; body: string };

const STATUS_OPTIONS = INBOX_STATUSES.map((value) => ({ value, label: INBOX_TEXT.status[value] }));

/**
 * One item of an inbox: what the user sent (text only; screenshots as <img> from signed URLs),
 * the workflow (status, assignee, internal note — saved with the version loaded), the replies
 * sent so far, and the reply form, or why there is no address to reply to.
 */
export function InboxDrawer({
  kind,
  id,
  assignees,
  onClose,
}: {
  kind: TInboxKind;
  id: number | null;
  assignees: TInboxAssignees;
  onClose: () => void;
}) {
  const { data } = useQuery({
    queryKey: inboxKeys.detail(kind, id ?? 0),
    queryFn: () => inboxApi.detail(kind, id ?? 0),
    enabled: id !== null,
  });
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={id === null ? '' : INBOX_TEXT.drawerTitle(kind, id)}
      size={560}
      destroyOnHidden
    >
      {!data || data.id !== id ? <Spin /> : <InboxItem kind={kind} item={data} assignees={assignees} />}
    </Drawer>
  );
}

function InboxItem({
  kind,
  item,
  assignees,
}: {
  kind: TInboxKind;
  item: TInboxDetail;
  assignees: TInboxAssignees;
}) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [replyForm] = Form.useForm<TReplyValues>();
  const refresh = async (next?: TInboxDetail) => {
    if (next) {
      queryClient.setQueryData(inboxKeys.detail(kind, item.id), next);
    }
    await queryClient.invalidateQueries({ queryKey: inboxKeys.all(kind) });
  };
  const save = useMutation({
    mutationFn: (values: TWorkflowValues) =>
      inboxApi.update(kind, item.id, {
        version: item.version,
        status: values.status,
        assignee_id: values.assignee_id ?? null,
        note: values.note ?? '',
      }),
    onSuccess: async (next) => {
      void message.success(INBOX_TEXT.saved);
      await refresh(next);
    },
    // A 409 (someone saved first) was shown by the client; reload what they saved.
    onError: () => void refresh(),
  });
  const send = useMutation({
    mutationFn: (values: TReplyValues) => inboxApi.reply(kind, item.id, values),
    onSuccess: async () => {
      void message.success(INBOX_TEXT.sent);
      replyForm.resetFields(['body']);
      await refresh();
    },
  });

  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={INBOX_TEXT.sender}>{item.name || INBOX_TEXT.none}</Descriptions.Item>
        <Descriptions.Item label={INBOX_TEXT.phone}>{item.phone}</Descriptions.Item>
        <Descriptions.Item label={INBOX_TEXT.submittedAt}>{formatTime(item.created_at)}</Descriptions.Item>
        {item.fields.map((f) => (
          <Descriptions.Item key={f.label} label={f.label}>
            {f.value || INBOX_TEXT.none}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {INBOX_TEXT.content}
      </Typography.Title>
      <Typography.Paragraph className="admin-cell-text">
        {item.content || INBOX_TEXT.noContent}
      </Typography.Paragraph>
      {item.screenshots.length > 0 && (
        <>
          <Typography.Title level={5}>{INBOX_TEXT.screenshots}</Typography.Title>
          <Image.PreviewGroup>
            <Space wrap size={8}>
              {item.screenshots.map((src, i) => (
                <Image
                  key={src}
                  src={src}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                  alt={`${INBOX_TEXT.screenshots} ${i + 1}`}
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        </>
      )}

      <Divider titlePlacement="start">{INBOX_TEXT.workflow}</Divider>
      <Form<TWorkflowValues>
        layout="vertical"
        initialValues={{ status: item.status, assignee_id: item.assignee_id, note: item.note }}
        onFinish={(values) => save.mutate(values)}
      >
        <Space wrap size={16} style={{ width: '100%' }}>
          <Form.Item name="status" label={INBOX_TEXT.colStatus}>
            <Select options={STATUS_OPTIONS} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="assignee_id" label={INBOX_TEXT.assignee}>
            <Select
              allowClear
              placeholder={INBOX_TEXT.unassigned}
              style={{ width: 180 }}
              options={assignees.map((a) => ({ value: a.id, label: a.name }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="note" label={INBOX_TEXT.note} rules={[contractRule(validateInboxNote)]}>
          <Input.TextArea rows={3} placeholder={INBOX_TEXT.notePlaceholder} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {INBOX_TEXT.save}
        </Button>
      </Form>

      <Divider titlePlacement="start">{INBOX_TEXT.changes}</Divider>
      <InboxChanges changes={item.changes} />

      <Divider titlePlacement="start">{INBOX_TEXT.history}</Divider>
      {item.history.length === 0 ? (
        <Typography.Text type="secondary">{INBOX_TEXT.noHistory}</Typography.Text>
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {item.history.map((r) => (
            <div key={r.id}>
              <Typography.Text type="secondary">
                {`${formatTime(r.at)} · ${INBOX_TEXT.replyBy(r.admin, r.to)}`}
              </Typography.Text>
              <div>
                <Typography.Text strong>{r.subject}</Typography.Text>
              </div>
              <div className="admin-cell-text">{r.body}</div>
            </div>
          ))}
        </Space>
      )}

      <Divider titlePlacement="start">{INBOX_TEXT.reply}</Divider>
      {item.reply_to === '' ? (
        <Alert type="warning" showIcon title={INBOX_TEXT.noReplyAddress[kind]} />
      ) : (
        <Form<TReplyValues>
          form={replyForm}
          layout="vertical"
          initialValues={{ subject: INBOX_DEFAULT_SUBJECT[kind], body: '' }}
          onFinish={(values) => send.mutate(values)}
        >
          <Typography.Paragraph type="secondary">{INBOX_TEXT.replyTo(item.reply_to)}</Typography.Paragraph>
          <Form.Item name="subject" label={INBOX_TEXT.subject} rules={[contractRule(validateInboxSubject)]}>
            <Input />
          </Form.Item>
          <Form.Item name="body" label={INBOX_TEXT.body} rules={[contractRule(validateInboxBody)]}>
            <Input.TextArea rows={5} placeholder={INBOX_TEXT.bodyPlaceholder} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {INBOX_TEXT.send}
          </Button>
        </Form>
      )}
    </>
  );
}
