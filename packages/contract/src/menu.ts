import { z } from 'zod';

/** A sidebar entry from GET /api/menu. `children` holds sub-menus such as the analysis categories. */
export type TMenuItem = {
  key: string;
  title: string;
  path: string;
  icon?: string | undefined;
  children?: TMenuItem[] | undefined;
};

export const ZMenuItem: z.ZodType<TMenuItem> = z.lazy(() =>
  z.object({
    key: z.string(),
    title: z.string(),
    path: z.string(),
    icon: z.string().optional(),
    children: z.array(ZMenuItem).optional(),
  }),
);
export const ZMenuReply = z.array(ZMenuItem);
