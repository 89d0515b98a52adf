import {
  catalogueNameRule,
  type TAdminCatalogue,
  type TCatalogueEntry,
  type TCatalogueKind,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../../api/client.ts';
import { catalogueApi, catalogueKey, reindexKey } from './catalogueApi.ts';
import { CATALOGUE_TEXT as T } from './catalogueTexts.ts';
import { AddBar, InlineEditor, useListWrite, type TFieldProblem } from './InlineTextEdit.tsx';

type TProps<Row extends TCatalogueEntry> = {
  kind: TCatalogueKind;
  rows: readonly Row[];
  /** An industry list: the company type it belongs to. */
  typeId?: number;
  loading?: boolean;
  expandable?: TableProps<Row>['expandable'];
};

/**
 * One catalogue list as an antd table: add a name at the end, rename in the row, 上移/下移, and
 * delete behind a confirmation that names how many users hold the entry and what becomes of
 * their choice. Names are checked with the contract's rule before they are sent; every write
 * carries the version the row was loaded at and its reply replaces the whole catalogue.
 */
export function CatalogueList<Row extends TCatalogueEntry>({
  kind,
  rows,
  typeId,
  loading,
  expandable,
}: TProps<Row>) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [problem, setProblem] = useState<TFieldProblem>(null);
  const validate = catalogueNameRule(kind);
  const noun = T.noun[kind];
  /** Runs a write; its reply is the new catalogue. False when refused (the client showed why). */
  const write = useListWrite<TAdminCatalogue>(catalogueKey, () => {
    if (kind === 'keywords') {
      // A new or renamed keyword starts a re-index: show it from now on.
      void queryClient.invalidateQueries({ queryKey: reindexKey });
    }
  });

  const checked = (id: number | 'new', name: string): boolean => {
    const text = validate(name);
    setProblem(text === null ? null : { id, text });
    return text === null;
  };

  const add = async () => {
    if (checked('new', adding) && (await write(() => catalogueApi.create(kind, adding.trim(), typeId)))) {
      setAdding('');
      void message.success(T.saved);
    }
  };

  const rename = async (row: Row) => {
    if (editing && checked(row.id, editing.name)) {
      if (await write(() => catalogueApi.rename(kind, row.id, editing.name.trim(), row.version))) {
        setEditing(null);
        void message.success(T.saved);
      }
    }
  };

  const remove = async (row: Row) => {
    let users: number;
    try {
      users = (await catalogueApi.impact(kind, row.id)).users;
    } catch (error) {
      if (error instanceof ApiError) {
        return;
      }
      throw error;
    }
    modal.confirm({
      title: T.confirmDelete(noun, row.name),
      content: T.impact[kind](users),
      okText: T.remove,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        if (await write(() => catalogueApi.remove(kind, row.id, row.version))) {
          void message.success(T.deleted);
        }
      },
    });
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: T.name,
      render: (_, row) =>
        editing?.id === row.id ? (
          <InlineEditor
            label={T.rename}
            value={editing.name}
            problem={problem?.id === row.id ? problem.text : undefined}
            onChange={(name) => setEditing({ id: row.id, name })}
            onSave={() => void rename(row)}
            onCancel={() => {
              setProblem(null);
              setEditing(null);
            }}
          />
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{row.name}</span>
        ),
    },
    { key: 'users', title: T.users, dataIndex: 'users', width: 110, responsive: ['sm'] },
    {
      key: 'actions',
      title: T.actions,
      width: 240,
      render: (_, row, index) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            disabled={index === 0}
            onClick={() => void write(() => catalogueApi.move(kind, row.id, 'up', row.version))}
          >
            {T.up}
          </Button>
          <Button
            type="link"
            size="small"
            disabled={index === rows.length - 1}
            onClick={() => void write(() => catalogueApi.move(kind, row.id, 'down', row.version))}
          >
            {T.down}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setProblem(null);
              setEditing({ id: row.id, name: row.name });
            }}
          >
            {T.rename}
          </Button>
          <Button type="link" size="small" danger onClick={() => void remove(row)}>
            {T.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <AddBar
        label={T.addPlaceholder(noun)}
        placeholder={T.addPlaceholder(noun)}
        value={adding}
        problem={problem?.id === 'new' ? problem.text : undefined}
        maxWidth={420}
        onChange={setAdding}
        onAdd={() => void add()}
      />
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows as Row[]}
        loading={loading}
        pagination={false}
        scroll={{ x: 520 }}
        expandable={expandable}
      />
    </Flex>
  );
}
