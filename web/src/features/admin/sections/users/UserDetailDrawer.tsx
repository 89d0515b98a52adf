import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, List, Spin, Tag } from 'antd';
import { formatTime } from '../../components/formatTime.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { usersApi, usersKeys } from './usersApi.ts';

/** 用户详情: the account, its digest subscription and keywords, and its restricted-topic grants. */
export function UserDetailDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { data } = useQuery({
    queryKey: usersKeys.detail(userId ?? 0),
    queryFn: () => usersApi.detail(userId ?? 0),
    enabled: userId !== null,
  });
  return (
    <Drawer open={userId !== null} onClose={onClose} title={ADMIN_TEXT.userDetail} size={520} destroyOnHidden>
      {!data ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={ADMIN_TEXT.colPhone}>{data.phone}</Descriptions.Item>
            <Descriptions.Item label={ADMIN_TEXT.colNickname}>
              {data.nickname || ADMIN_TEXT.none}
            </Descriptions.Item>
            <Descriptions.Item label={ADMIN_TEXT.colStatus}>
              {data.status === 1 ? ADMIN_TEXT.userActive : ADMIN_TEXT.userDisabled}
            </Descriptions.Item>
            <Descriptions.Item label={ADMIN_TEXT.colCreatedAt}>
              {formatTime(data.created_at)}
            </Descriptions.Item>
            <Descriptions.Item label={ADMIN_TEXT.lastLogin}>
              {formatTime(data.last_login_at)}
            </Descriptions.Item>
            <Descriptions.Item label={ADMIN_TEXT.colLastActive}>
              {formatTime(data.last_active_at)}
            </Descriptions.Item>
            {data.disabled_at ? (
              <Descriptions.Item label={ADMIN_TEXT.disabledAt}>
                {formatTime(data.disabled_at)}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={ADMIN_TEXT.subscriptionEmail}>
              {data.subscription.email || ADMIN_TEXT.none}
            </Descriptions.Item>
            <Descriptions.Item label={ADMIN_TEXT.subscribed}>
              {data.subscription.subscribed === 1 ? ADMIN_TEXT.subscribedYes : ADMIN_TEXT.subscribedNo}
            </Descriptions.Item>
            <Descriptions.Item label={ADMIN_TEXT.keywords}>
              {data.subscription.keywords.length === 0
                ? ADMIN_TEXT.none
                : data.subscription.keywords.map((k) => (
                    <Tag key={k.keyword} color={k.status === 1 ? 'blue' : 'default'}>
                      {k.keyword}
                    </Tag>
                  ))}
            </Descriptions.Item>
          </Descriptions>
          <List
            style={{ marginTop: 16 }}
            header={ADMIN_TEXT.grants}
            size="small"
            dataSource={data.grants}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ADMIN_TEXT.none} />,
            }}
            renderItem={(grant) => <List.Item key={grant.analysis_id}>{grant.title}</List.Item>}
          />
        </>
      )}
    </Drawer>
  );
}
