import { SchemaGrid } from '../../renderer/SchemaGrid.tsx';
import { isBrandStaff, PLANO_DOC } from './plano-doc.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';

/** administrador/configuracoes/plano-config: the brand's plans in the generic grid (SPEC 7.2). */
export default function PlanoConfigPage() {
  const staff = isBrandStaff();
  return (
    <div>
      <PageTitle>{PLANO_DOC.title}</PageTitle>
      <SchemaGrid doc={PLANO_DOC} canCreate={staff} canEdit={staff} canDelete={staff} />
    </div>
  );
}
