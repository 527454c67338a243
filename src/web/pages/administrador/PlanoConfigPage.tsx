import { Typography } from 'antd';
import { SchemaGrid } from '../../renderer/SchemaGrid.tsx';
import { isBrandStaff, PLANO_DOC } from './plano-doc.ts';

/** administrador/configuracoes/plano-config: the brand's plans in the generic grid (SPEC 7.2). */
export default function PlanoConfigPage() {
  const staff = isBrandStaff();
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {PLANO_DOC.title}
      </Typography.Title>
      <SchemaGrid doc={PLANO_DOC} canCreate={staff} canEdit={staff} canDelete={staff} />
    </div>
  );
}
