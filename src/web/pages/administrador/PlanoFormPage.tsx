import type { FormMode } from '../../renderer/resource-routes.ts';
import ResourceFormPage from '../ResourceFormPage.tsx';
import { PLANO_DOC } from './plano-doc.ts';

/** administrador/configuracoes/plano-config/cadastrar | editar/:id: the generic form over the plan document. */
export default function PlanoFormPage({ mode }: { mode: FormMode }) {
  return <ResourceFormPage doc={PLANO_DOC} mode={mode} />;
}
