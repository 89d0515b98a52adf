import { useId, useState } from 'react';
import type { TSheet } from '@portal/contract';
import { MSG } from '@portal/contract';
import { useSheets } from '../../api.ts';
import { ANALYSIS_TEXT } from '../../texts.ts';
import { errorMessage } from '../../../../api/errorMessage.ts';
import { ViewerNotice } from './ViewerNotice.tsx';

function SheetTable({ sheet }: { sheet: TSheet }) {
  if (sheet.rows.length === 0) {
    return <p className="viewer-loading">{ANALYSIS_TEXT.emptySheet}</p>;
  }
  const [head = [], ...body] = sheet.rows;
  const width = Math.max(...sheet.rows.map((row) => row.length));
  const pad = (row: readonly string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  return (
    <div className="sheet-table__wrap" tabIndex={0} role="region" aria-label={sheet.name}>
      <table className="sheet-table">
        <thead>
          <tr>
            {pad(head).map((cell, i) => (
              <th key={i} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, r) => (
            <tr key={r}>
              {pad(row).map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Excel: the server's sheets as tabs, one table each (first row as the header). An xls file or
 * an unreadable one comes back refused; its message is the alert (spec §5, §8).
 */
export function ExcelViewer({ detailId, url }: { detailId: string; url?: string }) {
  const query = useSheets(detailId, url);
  if (query.isPending) {
    return <p className="viewer-loading">{MSG.loading}</p>;
  }
  if (query.isError) {
    return <ViewerNotice message={errorMessage(query.error, MSG.officeFileUnreadable)} />;
  }
  if (query.data.sheets.length === 0) {
    return <ViewerNotice message={MSG.officeFileMissing} />;
  }
  return <SheetTabs sheets={query.data.sheets} />;
}

/** Sheets as tabs (a WAI-ARIA tablist; antd Tabs would cost the page ~20 KiB for this). */
function SheetTabs({ sheets }: { sheets: readonly TSheet[] }) {
  const baseId = useId();
  const [active, setActive] = useState(0);
  const sheet = sheets[active] ?? sheets[0];
  const onKey = (key: string) => {
    if (key === 'ArrowRight') {
      setActive((i) => (i + 1) % sheets.length);
    }
    if (key === 'ArrowLeft') {
      setActive((i) => (i - 1 + sheets.length) % sheets.length);
    }
  };
  return (
    <div className="excel-viewer">
      <div className="sheet-tabs" role="tablist" aria-label={ANALYSIS_TEXT.sheets}>
        {sheets.map((item, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === active ? 0 : -1}
            className="sheet-tabs__tab"
            onClick={() => setActive(i)}
            onKeyDown={(event) => onKey(event.key)}
          >
            {item.name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`}>
        {sheet && <SheetTable key={active} sheet={sheet} />}
      </div>
    </div>
  );
}
