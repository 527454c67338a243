import { Button } from 'antd';
import { useList } from '../../api/hooks.ts';
import { formatDate } from '../../../shared/dates.ts';
import { ListTable } from '../../ui/ListTable.tsx';

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

const pct = (v: string | null) => (v === null || v === undefined ? '' : `${String(v).replace('.', ',')}%`);

/** The perfil tributário's IPI, PIS and COFINS rules, every version, newest first. */
export default function PerfilTributarioFederais({ id }: { id: number }) {
  const regras = useList<Regra>('TributacoesFederais', { where: { perfilTributarioId: id }, order: 'vigenciaInicio DESC', limit: 500 }, { revalidateOnMount: true });
  return (
    <div data-testid="perfil-federais">
      <ListTable<Regra>
        list={regras}
        empty="Nenhuma tributação federal neste perfil."
        columns={[
          { title: 'IPI', dataIndex: 'cstIpi', render: (v, r) => (v ? `CST ${v} ${pct(r.aliquotaIpi)}` : '') },
          { title: 'PIS', dataIndex: 'cstPis', render: (v, r) => `CST ${v} ${pct(r.aliquotaPis)}` },
          { title: 'COFINS', dataIndex: 'cstCofins', render: (v, r) => `CST ${v} ${pct(r.aliquotaCofins)}` },
          { title: 'Vigência', dataIndex: 'vigenciaInicio', render: (v) => `a partir de ${formatDate(v)}` },
          { title: 'Observação', dataIndex: 'observacao' },
          { title: '', key: 'editar', render: (_, r) => <a href={`#/pages/fiscais/tributacoes-federais/editar/${r.id}`}>Editar</a> },
        ]}
      />
      <Button style={{ marginTop: 16 }} href="#/pages/fiscais/tributacoes-federais/cadastrar">
        Nova tributação federal
      </Button>
    </div>
  );
}
