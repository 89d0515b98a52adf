import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { ApiError } from '../../../../api/client.ts';
import { CATALOGUE_TEXT as T } from './catalogueTexts.ts';

/** A refusal shown under the field it is about: a row's id, or 'new' for the add bar. */
export type TFieldProblem = { id: number | 'new'; text: string } | null;

/**
 * Runs a catalogue write whose reply is the new list and puts it in the query cache. A refusal
 * (stale version, vanished row: the client already showed why) reloads the list as it is now and
 * answers false.
 */
export function useListWrite<T>(queryKey: QueryKey, afterWrite?: () => void) {
  const queryClient = useQueryClient();
  return async (call: () => Promise<T>): Promise<boolean> => {
    try {
      queryClient.setQueryData(queryKey, await call());
      afterWrite?.();
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        await queryClient.invalidateQueries({ queryKey });
        return false;
      }
      throw error;
    }
  };
}

type TEditorProps = {
  label: string;
  value: string;
  problem?: string | undefined;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
};

/** A row's text edited in place: Enter or 保存 saves, 取消 leaves it as it was. */
export function InlineEditor({ label, value, problem, onChange, onSave, onCancel }: TEditorProps) {
  return (
    <Flex vertical gap={4}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          size="small"
          aria-label={label}
          value={value}
          status={problem ? 'error' : undefined}
          onChange={(e) => onChange(e.target.value)}
          onPressEnter={onSave}
        />
        <Button size="small" type="primary" onClick={onSave}>
          {T.save}
        </Button>
        <Button size="small" onClick={onCancel}>
          {T.cancel}
        </Button>
      </Space.Compact>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Flex>
  );
}

type TAddBarProps = {
  label: string;
  placeholder: string;
  value: string;
  problem?: string | undefined;
  maxWidth: number;
  onChange: (value: string) => void;
  onAdd: () => void;
};

/** The field above a list that adds an entry at its end. */
export function AddBar({ label, placeholder, value, problem, maxWidth, onChange, onAdd }: TAddBarProps) {
  return (
    <>
      <Space.Compact style={{ maxWidth, width: '100%' }}>
        <Input
          aria-label={label}
          placeholder={placeholder}
          value={value}
          status={problem ? 'error' : undefined}
          onChange={(e) => onChange(e.target.value)}
          onPressEnter={onAdd}
        />
        <Button type="primary" onClick={onAdd}>
          {T.add}
        </Button>
      </Space.Compact>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </>
  );
}
