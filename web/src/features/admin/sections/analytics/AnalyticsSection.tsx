import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ANALYTICS_MAX_DAYS,
  type TAnalyticsCounter,
  type TAnalyticsDay,
  type TAnalyticsQueryCount,
  type TAnalyticsTypeCounts,
} from '@portal/contract';
import { Alert, Card, Col, DatePicker, Row, Space, Statistic, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SectionCard } from '../../components/SectionCard.tsx';
import { shanghaiToday } from '../../components/shanghaiPicker.ts';
import { analyticsApi, analyticsKeys, type TRange } from './analyticsApi.ts';
import { dailyLines, queryBars, typeBars } from './analyticsCharts.ts';
import { ANALYTICS_TEXT as T } from './analyticsTexts.ts';
import { ChartWithTable } from './ChartWithTable.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TOTALS: TAnalyticsCounter[] = [
  'active_users',
  'logins',
  'searches',
  'zero_searches',
  'views',
  'downloads',
  'favorites',
  'digest_sent',
];

function dayColumns(counters: readonly TAnalyticsCounter[]): TableColumnsType<TAnalyticsDay> {
  return [
    { key: 'day', title: T.day, dataIndex: 'day', width: 104 },
    ...counters.map((c) => ({ key: c, title: T.counter[c], dataIndex: c, align: 'right' as const })),
  ];
}

const QUERY_COLUMNS: TableColumnsType<TAnalyticsQueryCount> = [
  { key: 'query', title: T.query, dataIndex: 'query', ellipsis: true },
  { key: 'count', title: T.count, dataIndex: 'count', align: 'right', width: 72 },
];

const TYPE_COLUMNS: TableColumnsType<TAnalyticsTypeCounts> = [
  { key: 'type', title: T.type, render: (_, r) => T.typeLabel[r.type] },
  { key: 'views', title: T.counter.views, dataIndex: 'views', align: 'right' },
  { key: 'downloads', title: T.counter.downloads, dataIndex: 'downloads', align: 'right' },
  { key: 'favorites', title: T.counter.favorites, dataIndex: 'favorites', align: 'right' },
];

const USERS: TAnalyticsCounter[] = ['active_users', 'logins'];
const LOGINS: TAnalyticsCounter[] = ['logins_phone', 'logins_sso', 'logins_wechat'];
const SEARCHES: TAnalyticsCounter[] = ['searches', 'zero_searches'];
const CONTENT: TAnalyticsCounter[] = ['views', 'downloads', 'favorites'];
const DIGEST: TAnalyticsCounter[] = ['digest_sent', 'digest_failed'];

/**
 * 数据统计: daily active users, logins (and by method: phone, SSO, WeChat), searches, views / downloads / favourites and digest
 * sends over a range of days (in the address, at most ANALYTICS_MAX_DAYS), each chart with a
 * table of the same figures; top queries, zero-result queries and per-type counts as bars.
 */
export function AnalyticsSection() {
  const [search, setSearch] = useSearchParams();
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const range: TRange = DAY.test(from) && DAY.test(to) ? { from, to } : null;
  const { data, error } = useQuery({
    queryKey: analyticsKeys.overview(range),
    queryFn: () => analyticsApi.overview(range),
    placeholderData: keepPreviousData,
  });

  const setRange = (next: [Dayjs, Dayjs] | null) =>
    setSearch(next ? { from: next[0].format('YYYY-MM-DD'), to: next[1].format('YYYY-MM-DD') } : {});
  const preset = (days: number): [Dayjs, Dayjs] => [
    shanghaiToday().subtract(days - 1, 'day'),
    shanghaiToday(),
  ];

  const days = data?.days ?? [];
  const options = useMemo(
    () => ({
      users: dailyLines(days, USERS),
      logins: dailyLines(days, LOGINS),
      searches: dailyLines(days, SEARCHES),
      content: dailyLines(days, CONTENT),
      digest: dailyLines(days, DIGEST),
      top: queryBars(data?.top_queries ?? [], T.counter.searches),
      zero: queryBars(data?.top_zero_queries ?? [], T.counter.zero_searches),
      types: typeBars(data?.by_type ?? []),
    }),
    [data, days],
  );

  return (
    <SectionCard
      title={T.title}
      extra={
        <Space wrap>
          <DatePicker.RangePicker
            aria-label={T.range}
            allowClear={false}
            value={data ? [dayjs(data.from), dayjs(data.to)] : null}
            disabledDate={(d, info) =>
              info.from ? Math.abs(d.diff(info.from, 'day')) >= ANALYTICS_MAX_DAYS : false
            }
            presets={[
              { label: T.last7, value: preset(7) },
              { label: T.last30, value: preset(30) },
              { label: T.last90, value: preset(90) },
            ]}
            onChange={(value) => setRange(value?.[0] && value[1] ? [value[0], value[1]] : null)}
          />
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Row gutter={[12, 12]}>
          {TOTALS.map((c) => (
            <Col key={c} xs={12} sm={8} lg={6} xl={3}>
              <Card size="small">
                <Statistic title={T.counter[c]} value={data?.totals[c] ?? 0} data-counter={c} />
              </Card>
            </Col>
          ))}
        </Row>
        <Alert type="info" showIcon title={`${T.activeNote}${data?.opens_measured ? '' : T.opensNote}`} />
        <ChartWithTable
          title={T.chartUsers}
          option={options.users}
          columns={dayColumns(USERS)}
          rows={days}
          rowKey="day"
        />
        <ChartWithTable
          title={T.chartLogins}
          option={options.logins}
          columns={dayColumns(LOGINS)}
          rows={days}
          rowKey="day"
        />
        <ChartWithTable
          title={T.chartSearches}
          option={options.searches}
          columns={dayColumns(SEARCHES)}
          rows={days}
          rowKey="day"
        />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <ChartWithTable
              title={T.chartTopQueries}
              option={options.top}
              columns={QUERY_COLUMNS}
              rows={data?.top_queries ?? []}
              rowKey="query"
              empty={T.noQueries}
            />
          </Col>
          <Col xs={24} xl={12}>
            <ChartWithTable
              title={T.chartTopZero}
              option={options.zero}
              columns={QUERY_COLUMNS}
              rows={data?.top_zero_queries ?? []}
              rowKey="query"
              empty={T.noQueries}
            />
          </Col>
        </Row>
        <ChartWithTable
          title={T.chartContent}
          option={options.content}
          columns={dayColumns(CONTENT)}
          rows={days}
          rowKey="day"
        />
        <ChartWithTable
          title={T.chartByType}
          option={options.types}
          columns={TYPE_COLUMNS}
          rows={data?.by_type ?? []}
          rowKey="type"
        />
        <ChartWithTable
          title={T.chartDigest}
          option={options.digest}
          columns={dayColumns(DIGEST)}
          rows={days}
          rowKey="day"
        />
      </Space>
    </SectionCard>
  );
}
