/** File types that open in a dialog; anything else is download only. */
export type TViewable = 'excel' | 'word' | 'pdf';

/** The viewer a related file opens in, by its extension (null: download only). */
export function viewableKind(ext: string): TViewable | null {
  const e = ext.toLowerCase().replace(/^\./, '');
  if (e === 'xlsx' || e === 'xls' || e === 'excel') {
    return 'excel';
  }
  if (e === 'docx' || e === 'doc' || e === 'word') {
    return 'word';
  }
  if (e === 'pdf') {
    return 'pdf';
  }
  return null;
}
