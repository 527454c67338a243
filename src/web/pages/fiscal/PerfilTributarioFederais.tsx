import { Button } from 'antd';
import { pct, RegrasDoPerfil } from './RegrasDoPerfil.tsx';

interface Regra {
  id: number;
  vigenciaInicio: string;
  cstIpi: string | null;
  aliquotaIpi: string | null;
  cstPis: string;
  aliquotaPis: string | null;
  cstCofins: string;
  aliquotaCofins: string | null;
  observacao: string | null;
}

/** The perfil tributário's IPI, PIS and COFINS rules, every version, newest first. */
export default function PerfilTributarioFederais({ id }: { id: number }) {
  return (
    <RegrasDoPerfil<Regra>
      id={id}
      recurso="TributacoesFederais"
      rota="tributacoes-federais"
      testId="perfil-federais"
      vazio="Nenhuma tributação federal neste perfil."
      colunas={[
        { title: 'IPI', dataIndex: 'cstIpi', render: (v, r) => (v ? `CST ${v} ${pct(r.aliquotaIpi)}` : '') },
        { title: 'PIS', dataIndex: 'cstPis', render: (v, r) => `CST ${v} ${pct(r.aliquotaPis)}` },
        { title: 'COFINS', dataIndex: 'cstCofins', render: (v, r) => `CST ${v} ${pct(r.aliquotaCofins)}` },
      ]}
    >
      <Button style={{ marginTop: 16 }} href="#/pages/fiscais/tributacoes-federais/cadastrar">
        Nova tributação federal
      </Button>
    </RegrasDoPerfil>
  );
}
