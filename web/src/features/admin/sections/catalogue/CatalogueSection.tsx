import { useQuery } from '@tanstack/react-query';
import type { TCatalogueCompanyType } from '@portal/contract';
import { Flex, Tabs, Typography } from 'antd';
import { SectionCard } from '../../components/SectionCard.tsx';
import { catalogueApi, catalogueKey } from './catalogueApi.ts';
import { CatalogueList } from './CatalogueList.tsx';
import { CATALOGUE_TEXT as T } from './catalogueTexts.ts';
import { ReindexProgress } from './ReindexProgress.tsx';
import { SynonymList } from './SynonymList.tsx';

/**
 * 目录: the company types (each with its industries, in the expanded row) and the recommended
 * keywords users choose from at onboarding and in 订阅设置, and the search synonym groups;
 * changes reach users at once.
 */
export function CatalogueSection() {
  const { data, isFetching } = useQuery({ queryKey: catalogueKey, queryFn: catalogueApi.get });

  const industries = (type: TCatalogueCompanyType) => (
    <div style={{ padding: '8px 0' }}>
      <Typography.Text strong>{T.industriesOf(type.name)}</Typography.Text>
      {type.industries.length === 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
          {T.noIndustries}
        </Typography.Paragraph>
      )}
      <CatalogueList kind="industries" rows={type.industries} typeId={type.id} />
    </div>
  );

  return (
    <SectionCard title={T.section}>
      <Tabs
        items={[
          {
            key: 'types',
            label: T.typesTab,
            children: (
              <CatalogueList<TCatalogueCompanyType>
                kind="company-types"
                rows={data?.company_types ?? []}
                loading={isFetching}
                expandable={{ expandedRowRender: industries }}
              />
            ),
          },
          {
            key: 'keywords',
            label: T.keywordsTab,
            children: (
              <Flex vertical gap={12}>
                <ReindexProgress />
                <CatalogueList kind="keywords" rows={data?.keywords ?? []} loading={isFetching} />
              </Flex>
            ),
          },
          { key: 'synonyms', label: T.synonymsTab, children: <SynonymList /> },
        ]}
      />
    </SectionCard>
  );
}
