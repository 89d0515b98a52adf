import { useQuery } from '@tanstack/react-query';
import { validateSynonymWords, type TSynonymGroup } from '@portal/contract';
import { App, Button, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { CATALOGUE_TEXT as T } from './catalogueTexts.ts';
import { AddBar, InlineEditor, useListWrite, type TFieldProblem } from './InlineTextEdit.tsx';
import { synonymsApi, synonymsKey } from './synonymsApi.ts';

/** How a group is edited: its members on one line, separated by 、 (the rule accepts commas too). */
const asLine = (group: TSynonymGroup) => group.words.join('、');

/**
 * 同义词: the search synonym groups. A search for any member also finds the others (宁德时代 /
 * CATL / 300750), at once for new searches; nothing is re-indexed. Groups are typed as one line
 * and checked with the contract's rule before they are sent; writes carry the row's version.
 */
export function SynonymList() {
  const { modal, message } = App.useApp();
  const { data, isFetching } = useQuery({ queryKey: synonymsKey, queryFn: synonymsApi.list });
  const [adding, setAdding] = useState('');
  const [editing, setEditing] = useState<{ id: number; words: string } | null>(null);
  const [problem, setProblem] = useState<TFieldProblem>(null);
  const write = useListWrite<TSynonymGroup[]>(synonymsKey);

  const checked = (id: number | 'new', words: string): boolean => {
    const text = validateSynonymWords(words);
    setProblem(text === null ? null : { id, text });
    return text === null;
  };

  const add = async () => {
    if (checked('new', adding) && (await write(() => synonymsApi.create(adding)))) {
      setAdding('');
      void message.success(T.saved);
    }
  };

  const save = async (row: TSynonymGroup) => {
    if (editing && checked(row.id, editing.words)) {
      if (await write(() => synonymsApi.update(row.id, editing.words, row.version))) {
        setEditing(null);
        void message.success(T.saved);
      }
    }
  };

  const remove = (row: TSynonymGroup) =>
    modal.confirm({
      title: T.confirmDelete(T.synonymNoun, asLine(row)),
      content: T.synonymImpact,
      okText: T.remove,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        if (await write(() => synonymsApi.remove(row.id, row.version))) {
          void message.success(T.deleted);
        }
      },
    });

  const columns: TableColumnsType<TSynonymGroup> = [
    {
      key: 'words',
      title: T.synonymWords,
      render: (_, row) =>
        editing?.id === row.id ? (
          <InlineEditor
            label={T.synonymEdit}
            value={editing.words}
            problem={problem?.id === row.id ? problem.text : undefined}
            onChange={(words) => setEditing({ id: row.id, words })}
            onSave={() => void save(row)}
            onCancel={() => {
              setProblem(null);
              setEditing(null);
            }}
          />
        ) : (
          <Flex wrap gap={4}>
            {row.words.map((w) => (
              <Tag key={w} style={{ marginInlineEnd: 0 }}>
                {w}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      key: 'actions',
      title: T.actions,
      width: 130,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setProblem(null);
              setEditing({ id: row.id, words: asLine(row) });
            }}
          >
            {T.edit}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(row)}>
            {T.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {T.synonymHelp}
      </Typography.Paragraph>
      <AddBar
        label={T.synonymAdd}
        placeholder={T.synonymPlaceholder}
        value={adding}
        problem={problem?.id === 'new' ? problem.text : undefined}
        maxWidth={520}
        onChange={setAdding}
        onAdd={() => void add()}
      />
      <Table<TSynonymGroup>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data ?? []}
        loading={isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
