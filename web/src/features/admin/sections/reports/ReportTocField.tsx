import { ADMIN_TOC_LEVELS, ADMIN_TOC_MAX, type TAdminTocEntry } from '@portal/contract';
import { Button, Flex, Input, InputNumber, Select, Typography } from 'antd';
import { ADMIN_TEXT } from '../../texts.ts';

type TProps = {
  value?: TAdminTocEntry[];
  onChange?: (value: TAdminTocEntry[]) => void;
  /** The report's page count: a new entry points at page 1, none past the last page. */
  pages: number;
};

const LEVEL_OPTIONS = ADMIN_TOC_LEVELS.map((level) => ({
  value: level,
  label: ADMIN_TEXT.tocLevels[level - 1],
}));

/**
 * A report's 目录 as the detail page lists it (a form field): each entry's level, heading and
 * page, in order; entries are added at the end and removed one by one.
 */
export function ReportTocField({ value = [], onChange, pages }: TProps) {
  const set = (index: number, change: Partial<TAdminTocEntry>) =>
    onChange?.(value.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
  return (
    <Flex vertical gap={8}>
      {value.length === 0 ? <Typography.Text type="secondary">{ADMIN_TEXT.tocNone}</Typography.Text> : null}
      <ol className="admin-toc" aria-label={ADMIN_TEXT.fieldToc}>
        {value.map((entry, index) => (
          <li key={index} className="admin-toc__row">
            <Select<number>
              className="admin-toc__level"
              aria-label={ADMIN_TEXT.tocEntryLevel(index + 1)}
              value={entry.level}
              options={LEVEL_OPTIONS}
              onChange={(level) => set(index, { level })}
            />
            <Input
              className="admin-toc__title"
              aria-label={ADMIN_TEXT.tocEntryTitle(index + 1)}
              value={entry.title}
              onChange={(event) => set(index, { title: event.target.value })}
            />
            <InputNumber<number>
              className="admin-toc__page"
              aria-label={ADMIN_TEXT.tocEntryPage(index + 1)}
              min={1}
              max={Math.max(1, pages)}
              precision={0}
              value={entry.page}
              onChange={(page) => set(index, { page: page ?? 1 })}
            />
            <Button type="link" danger onClick={() => onChange?.(value.filter((_, i) => i !== index))}>
              {ADMIN_TEXT.tocRemove}
            </Button>
          </li>
        ))}
      </ol>
      <Button
        className="admin-toc__add"
        disabled={value.length >= ADMIN_TOC_MAX}
        onClick={() => onChange?.([...value, { title: '', page: 1, level: 1 }])}
      >
        {ADMIN_TEXT.tocAdd}
      </Button>
    </Flex>
  );
}
