import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A section's page: its title, the actions on the right, the table or form below. */
export function SectionCard({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="borderless" className="admin-section">
      <Flex justify="space-between" align="center" wrap gap={8} className="admin-section-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </Card>
  );
}
