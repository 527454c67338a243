import { Alert, Button, Card, Col, Input, InputNumber, Row, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { listPath } from '../../api/hooks.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface Config {
  serieNfe: number;
  serieNfce: number;
  proximoNumeroNfe: number;
  proximoNumeroNfce: number;
  ambiente: 1 | 2;
  cscId: string | null;
  cscTokenDefinido: boolean;
  contingencia: string;
  naturezaPadraoId: number | null;
  emailCopia: string | null;
  /** The IBPT table of the branch's UF (Lei 12.741/2012): without it no approximate-tax line is printed. */
  tributosAproximados?: { uf: string | null; carregada: boolean; vigenteAte: string | null };
  ibsCbs?: { obrigatorioDesde: string; regime: string; ano: string } | null;
}

/** Each model's series and next number: the same two fields for the NF-e and the NFC-e. */
const NUMERACAO = [
  { modelo: 'NF-e', serie: 'serieNfe', proximo: 'proximoNumeroNfe' },
  { modelo: 'NFC-e', serie: 'serieNfce', proximo: 'proximoNumeroNfce' },
] as const satisfies readonly { modelo: string; serie: keyof Config; proximo: keyof Config }[];

/**
 * pages/configuracoes/nfe: the selected branch's NF-e and NFC-e series and next numbers (sequencias_filial, only
 * forward), environment, CSC of the NFC-e, contingency, default natureza and the e-mail that receives copies.
 */
export default function ConfiguracaoNfePage() {
  const [c, setC] = useState<Config | null>(null);
  const [token, setToken] = useState('');
  const [naturezas, setNaturezas] = useState<{ value: number; label: string }[]>([]);
  const [salvando, setSalvando] = useState(false);
  useEffect(() => {
    void api.get<Config>('ConfiguracoesNfe').then((r) => setC(r.data), showError);
    void api.get<{ id: number; descricao: string }[]>(listPath('NaturezasOperacao', { order: 'descricao ASC', limit: 200 })).then((r) => setNaturezas(r.data.map((n) => ({ value: n.id, label: n.descricao }))));
  }, []);
  if (!c) return <Spin />;
  const set = (p: Partial<Config>) => setC({ ...c, ...p });
  const salvar = async () => {
    setSalvando(true);
    try {
      const { cscTokenDefinido: _t, ...corpo } = c;
      const r = await api.put<Config>('ConfiguracoesNfe', { ...corpo, ...(token ? { cscToken: token } : {}) });
      setC(r.data);
      setToken('');
      toast('success', 'Configurações de NF-e salvas.');
    } catch (e) {
      showError(e);
    } finally {
      setSalvando(false);
    }
  };
  return (
    <div>
      <PageTitle>Configurações de NF-e</PageTitle>
      {c.tributosAproximados && !c.tributosAproximados.carregada && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="aviso-ibpt"
          message={`Nenhuma tabela IBPT carregada para ${c.tributosAproximados.uf ?? 'a UF da filial'}`}
          description="O DANFE e o DANFCE desta filial saem sem a linha dos tributos aproximados da Lei 12.741/2012. Peça ao suporte a importação da tabela IBPT da UF (Administração > Importação IBPT NCM)."
        />
      )}
      {c.ibsCbs && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="aviso-ibscbs"
          message={`Alíquota da CBS de ${c.ibsCbs.ano} não está nos dados`}
          description={`A partir de ${c.ibsCbs.obrigatorioDesde} as notas do ${c.ibsCbs.regime} levam os grupos do IBS e da CBS, calculados com a alíquota do ano. Sem ela, as NF-e e NFC-e dessas datas são recusadas antes de sair: peça ao suporte a importação da tabela de alíquotas (Administração > Tabelas do IBS/CBS).`}
        />
      )}
      <Card size="small" title="Séries e numeração">
        <Row gutter={12}>
          {NUMERACAO.flatMap(({ modelo, serie, proximo }) => [
            <Col span={6} key={serie}>
              <div>{`Série da ${modelo}`}</div>
              <InputNumber aria-label={`Série da ${modelo}`} min={0} max={999} value={c[serie]} onChange={(v) => set({ [serie]: v ?? 0 })} />
            </Col>,
            <Col span={6} key={proximo}>
              <div>{`Próximo número da ${modelo}`}</div>
              <InputNumber aria-label={`Próximo número da ${modelo}`} min={1} value={c[proximo]} onChange={(v) => set({ [proximo]: v ?? 1 })} />
            </Col>,
          ])}
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          O próximo número só avança: um número já emitido nunca volta. Números pulados devem ser inutilizados (NF-e &gt; Inutilizações).
        </Typography.Paragraph>
      </Card>
      <Card size="small" title="Ambiente e NFC-e" style={{ marginTop: 12 }}>
        <Row gutter={12}>
          <Col span={6}>
            <div>Ambiente</div>
            <Select aria-label="Ambiente" style={{ width: '100%' }} value={c.ambiente} onChange={(v) => set({ ambiente: v })} options={[{ value: 2, label: 'Homologação (testes)' }, { value: 1, label: 'Produção' }]} />
          </Col>
          <Col span={6}>
            <div>Contingência</div>
            <Select aria-label="Contingência" style={{ width: '100%' }} value={c.contingencia} onChange={(v) => set({ contingencia: v })} options={[{ value: 'svc', label: 'SVC (autorizador virtual)' }, { value: 'epec', label: 'EPEC' }, { value: 'nenhuma', label: 'Nenhuma' }]} />
          </Col>
          <Col span={4}>
            <div>ID do CSC</div>
            <Input aria-label="ID do CSC" value={c.cscId ?? ''} onChange={(e) => set({ cscId: e.target.value || null })} />
          </Col>
          <Col span={8}>
            <div>CSC (token){c.cscTokenDefinido ? ' — já informado' : ''}</div>
            <Input.Password aria-label="CSC" value={token} placeholder={c.cscTokenDefinido ? 'deixe vazio para manter' : ''} onChange={(e) => setToken(e.target.value)} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title="Emissão" style={{ marginTop: 12 }}>
        <Row gutter={12}>
          <Col span={12}>
            <div>Natureza de operação padrão</div>
            <Select aria-label="Natureza de operação padrão" allowClear style={{ width: '100%' }} value={c.naturezaPadraoId ?? undefined} onChange={(v) => set({ naturezaPadraoId: v ?? null })} options={naturezas} />
          </Col>
          <Col span={12}>
            <div>E-mail para cópia do XML e do DANFE</div>
            <Input aria-label="E-mail para cópia" value={c.emailCopia ?? ''} onChange={(e) => set({ emailCopia: e.target.value || null })} />
          </Col>
        </Row>
      </Card>
      <Button type="primary" style={{ marginTop: 16 }} onClick={salvar} loading={salvando}>
        Salvar
      </Button>
    </div>
  );
}
