import { useState } from 'react';

/**
 * The side menu's open groups: the current section's group opens whenever the address enters it
 * — also after /admin's redirect to the first section, which left it closed when the keys were
 * only read at mount — and the admin's own opening and closing of groups is kept.
 */
export function useOpenGroups(group: string | undefined): [string[], (keys: string[]) => void] {
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);
  const [openedFor, setOpenedFor] = useState(group);
  if (group !== openedFor) {
    // Adjusting state while rendering (React's documented pattern), not in an effect: the menu
    // never paints with the group closed.
    setOpenedFor(group);
    if (group && !openKeys.includes(group)) {
      setOpenKeys([...openKeys, group]);
    }
  }
  return [openKeys, setOpenKeys];
}
