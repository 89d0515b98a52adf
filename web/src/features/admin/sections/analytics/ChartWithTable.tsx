import { Card, Col, Row, Table, type TableColumnsType } from 'antd';
import { EChart, type TChartOption } from './EChart.tsx';

/** A chart and, beside it (below on phones), a table of the same figures. */
export function ChartWithTable<T extends object>({
  title,
  option,
  columns,
  rows,
  rowKey,
  empty,
}: {
  title: string;
  option: TChartOption;
  columns: TableColumnsType<T>;
  rows: readonly T[];
  rowKey: keyof T & string;
  empty?: string;
}) {
  return (
    <Card size="small" title={title} className="admin-chart-card" role="region" aria-label={title}>
      <Row gutter={[16, 12]}>
        <Col xs={24} lg={14}>
          <EChart option={option} label={title} />
        </Col>
        <Col xs={24} lg={10}>
          <Table<T>
            size="small"
            rowKey={rowKey}
            columns={columns}
            dataSource={[...rows]}
            pagination={false}
            scroll={{ y: 220 }}
            locale={empty ? { emptyText: empty } : undefined}
          />
        </Col>
      </Row>
    </Card>
  );
}
