import { Typography } from 'antd';
import { useMemo } from 'react';
import { brandSwitches, useBrand } from '../app/brand.ts';
import { getUser, may } from '../app/session.ts';
import { SchemaGrid } from '../renderer/SchemaGrid.tsx';
import type { ResourceDoc } from '../../../generated/documents.ts';

/** pages/<module>/<resource>: the document's grid, with the brand's hidden fields and the user's rights. */
export default function ResourceListPage({ doc }: { doc: ResourceDoc }) {
  const { data: brand } = useBrand();
  const hidden = useMemo(() => brandSwitches(brand, doc).hidden, [brand, doc]);
  const user = getUser();
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {doc.title}
      </Typography.Title>
      <SchemaGrid doc={doc} hidden={hidden} canCreate={may(user, doc.permission, 'change')} canEdit={may(user, doc.permission, 'change')} canDelete={may(user, doc.permission, 'full')} />
    </div>
  );
}
