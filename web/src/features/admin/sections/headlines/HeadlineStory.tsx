import { useQueryClient } from '@tanstack/react-query';
import { MSG, type TAdminContentDetail, type TAdminStoryMember } from '@portal/contract';
import { App, Button, Divider, Flex, Typography } from 'antd';
import { adminApi, adminKeys } from '../../api.ts';
import { formatTime } from '../../components/formatTime.ts';
import { ADMIN_TEXT } from '../../texts.ts';

function membersOf(detail: TAdminContentDetail | undefined): TAdminStoryMember[] {
  const value = detail?.fields.same_story;
  return Array.isArray(value) ? (value as TAdminStoryMember[]) : [];
}

/**
 * The headline editor's 同一事件: the other headlines clustered with this one as one story
 * (readers see one card naming every source), and 拆分为独立事件 when they are not the same news.
 * Nothing when the headline is a story of its own.
 */
export function HeadlineStory({ detail }: { detail: TAdminContentDetail | undefined }) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const members = membersOf(detail);
  if (!detail || members.length === 0) {
    return null;
  }
  const split = () =>
    modal.confirm({
      title: ADMIN_TEXT.splitConfirmTitle,
      content: ADMIN_TEXT.splitConfirmContent,
      okText: ADMIN_TEXT.splitHeadline,
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await adminApi.splitHeadline(detail.id);
        void message.success(MSG.adminHeadlineSplit);
        await queryClient.invalidateQueries({ queryKey: adminKeys.content('headline') });
      },
    });
  return (
    <>
      <Divider titlePlacement="start">{ADMIN_TEXT.sameStory(members.length)}</Divider>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{ADMIN_TEXT.sameStoryHint}</Typography.Text>
        <ul className="admin-story" aria-label={ADMIN_TEXT.sameStory(members.length)}>
          {members.map((m) => (
            <li key={m.id} className="admin-story__row">
              <Typography.Text>{m.title}</Typography.Text>
              <Typography.Text type="secondary">
                {m.source_name} · {ADMIN_TEXT.statusLabel[m.status]} · {formatTime(m.published_at)}
              </Typography.Text>
            </li>
          ))}
        </ul>
        <Button className="admin-story__split" onClick={split}>
          {ADMIN_TEXT.splitHeadline}
        </Button>
      </Flex>
    </>
  );
}
