import { useQuery } from '@tanstack/react-query';
import { ADMIN_REPORT_COMPANIES_MAX, type TAdminReportCompany } from '@portal/contract';
import { Button, Flex, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ADMIN_TEXT } from '../../texts.ts';
import { organisationsApi } from '../organisations/organisationsApi.ts';

type TProps = {
  value?: TAdminReportCompany[];
  onChange?: (value: TAdminReportCompany[]) => void;
};

const STATUS_OPTIONS = [
  { value: 0, label: ADMIN_TEXT.companyJoined },
  { value: 1, label: ADMIN_TEXT.companyNotJoined },
];

/**
 * A report's companies in order (a form field): the first is its publisher, shown on the
 * report's card; each has its status (已入驻 opens the organisation page from the report, 未入驻
 * says 此机构暂未入驻). Organisations are found by name among those the back-office holds.
 */
export function ReportCompaniesField({ value = [], onChange }: TProps) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['admin', 'organisations', 'pick', keyword],
    queryFn: () => organisationsApi.list({ page: 1, page_size: 20, keyword }),
    staleTime: 30_000,
  });
  const taken = new Set(value.map((c) => c.organisation_id));
  const set = (next: TAdminReportCompany[]) => onChange?.(next);
  const add = (id: number) => {
    const organ = found.data?.data.find((o) => o.id === id);
    if (organ && !taken.has(id)) {
      set([
        ...value,
        { organisation_id: id, name: organ.name, status: organ.is_certification === 1 ? 0 : 1 },
      ]);
    }
  };

  return (
    <Flex vertical gap={8}>
      {value.length === 0 ? (
        <Typography.Text type="secondary">{ADMIN_TEXT.companiesNone}</Typography.Text>
      ) : null}
      <ol className="admin-companies" aria-label={ADMIN_TEXT.fieldCompanies}>
        {value.map((company, index) => (
          <li key={company.organisation_id} className="admin-companies__row">
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong={index === 0} className="admin-companies__name">
                {company.name}
              </Typography.Text>
              {index === 0 ? <Tag color="warning">{ADMIN_TEXT.publisherTag}</Tag> : null}
              <Select<number>
                size="small"
                aria-label={ADMIN_TEXT.companyStatus(company.name)}
                value={company.status}
                options={STATUS_OPTIONS}
                onChange={(status) =>
                  set(
                    value.map((c) => (c.organisation_id === company.organisation_id ? { ...c, status } : c)),
                  )
                }
                style={{ width: 96 }}
              />
              {index > 0 ? (
                <Button
                  size="small"
                  type="link"
                  onClick={() => set([company, ...value.filter((c) => c !== company)])}
                >
                  {ADMIN_TEXT.makePublisher}
                </Button>
              ) : null}
              <Button size="small" type="link" danger onClick={() => set(value.filter((c) => c !== company))}>
                {ADMIN_TEXT.removeCompany}
              </Button>
            </Flex>
          </li>
        ))}
      </ol>
      {value.length < ADMIN_REPORT_COMPANIES_MAX ? (
        <Select<number>
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          value={null}
          placeholder={ADMIN_TEXT.addCompany}
          aria-label={ADMIN_TEXT.addCompany}
          loading={found.isFetching}
          options={(found.data?.data ?? []).map((o) => ({
            value: o.id,
            label: o.name,
            disabled: taken.has(o.id),
          }))}
          onChange={add}
        />
      ) : null}
    </Flex>
  );
}
