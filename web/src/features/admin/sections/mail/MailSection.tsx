import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../../api/errorMessage.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { mailApi, mailKeys } from './mailApi.ts';
import { MAIL_TEXT } from './mailTexts.ts';
import { RunsTable } from './RunsTable.tsx';
import { SuppressedTable } from './SuppressedTable.tsx';

const TABS = ['runs', 'deliveries', 'suppressed'] as const;
type TTab = (typeof TABS)[number];

/**
 * 邮件: the daily digest's runs, their deliveries (重发 one), the addresses it skips, and
 * 立即发送今日摘要 behind a confirmation. The tab and each table's paging live in the address.
 */
export function MailSection() {
  const [search, setSearch] = useSearchParams();
  const tab: TTab = TABS.find((t) => t === search.get('tab')) ?? 'runs';
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Whether a run started from the back-office (here or by another admin) is still going.
  const { data: first } = useQuery({
    queryKey: mailKeys.runs({ page: 1, page_size: 1 }),
    queryFn: () => mailApi.runs({ page: 1, page_size: 1 }),
    refetchInterval: (q) => (q.state.data?.running ? 3000 : false),
  });
  const running = busy || first?.running === true;

  const runToday = () =>
    modal.confirm({
      title: MAIL_TEXT.confirmRunTitle,
      content: MAIL_TEXT.confirmRunBody,
      okText: MAIL_TEXT.confirmRunOk,
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        setBusy(true);
        try {
          const run = await mailApi.runToday();
          void message.success(MAIL_TEXT.runDone(run.sent, run.failed, run.planned));
        } catch (error) {
          void message.error(errorMessage(error));
        } finally {
          setBusy(false);
          await queryClient.invalidateQueries({ queryKey: mailKeys.all });
        }
      },
    });

  return (
    <SectionCard
      title={MAIL_TEXT.title}
      extra={
        <Button type="primary" loading={running} onClick={runToday}>
          {running ? MAIL_TEXT.running : MAIL_TEXT.runToday}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'runs' ? {} : { tab: key })}
        items={[
          {
            key: 'runs',
            label: MAIL_TEXT.tabRuns,
            children:
              tab === 'runs' ? (
                <RunsTable onOpen={(run) => setSearch({ tab: 'deliveries', run_id: String(run.id) })} />
              ) : null,
          },
          {
            key: 'deliveries',
            label: MAIL_TEXT.tabDeliveries,
            children: tab === 'deliveries' ? <DeliveriesTable /> : null,
          },
          {
            key: 'suppressed',
            label: MAIL_TEXT.tabSuppressed,
            children: tab === 'suppressed' ? <SuppressedTable /> : null,
          },
        ]}
      />
    </SectionCard>
  );
}
