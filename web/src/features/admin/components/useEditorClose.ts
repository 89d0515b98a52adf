import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FormInstance } from 'antd';

/**
 * How an editor drawer closes: it forgets what was typed and the item it loaded, then closes.
 * The editors fill their form from the loaded item only while nothing has been typed (a reload
 * after a file upload keeps the admin's edits), so without this a drawer reopened after a save
 * refused over someone else's showed the copy it was refused for — still counted as typed into —
 * instead of the latest version.
 */
export function useEditorClose(form: FormInstance, loaded: QueryKey, onClose: () => void): () => void {
  const queryClient = useQueryClient();
  return () => {
    form.resetFields();
    queryClient.removeQueries({ queryKey: loaded, exact: true });
    onClose();
  };
}
