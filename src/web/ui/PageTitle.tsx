import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's title: the level-3 heading at its top, with no space above it. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={3} style={{ marginTop: 0 }}>
      {children}
    </Typography.Title>
  );
}
