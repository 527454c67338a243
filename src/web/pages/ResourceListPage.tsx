import { useMemo } from 'react';
import { brandSwitches, useBrand } from '../brand/brand.ts';
import { camposOcultosDoUsuario, getUser, may } from '../api/session.ts';
import { SchemaGrid } from '../renderer/SchemaGrid.tsx';
import { useSomenteLeitura } from '../assinatura/assinatura.ts';
import { useBrandDoc } from '../brand/brand-overlay.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { extraGridColumns } from './grid-extras.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';

/** pages/<module>/<resource>: the document's grid, with the brand's hidden fields and the user's rights. */
export default function ResourceListPage({ doc: shipped }: { doc: ResourceDoc }) {
  const doc = useBrandDoc(shipped);
  const { data: brand } = useBrand();
  // The brand's hidden fields and those the user may not read (readPermissions: cost for a salesperson).
  const hidden = useMemo(() => new Set([...brandSwitches(brand, doc).hidden, ...camposOcultosDoUsuario(doc.readPermissions)]), [brand, doc]);
  // A blocked account reads only (SPEC 4): what would write is not offered.
  const user = useSomenteLeitura() ? null : getUser();
  const writes = !doc.readOnly;
  return (
    <div>
      <PageTitle>{doc.title}</PageTitle>
      <SchemaGrid doc={doc} hidden={hidden} canCreate={writes && may(user, doc.permission, 'change')} canEdit={writes && may(user, doc.permission, 'change')} canDelete={writes && may(user, doc.permission, 'full')} extraColumns={extraGridColumns(doc.name)} />
    </div>
  );
}
