import { CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { formatBRL } from '../../shared/money.ts';
import { api } from '../api/client.ts';
import { useBrand } from '../brand/brand.ts';
import { getUser, may } from '../api/session.ts';
import { confirmDialog, showError, toast } from '../dialogs/dialogs.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { DASHBOARD } from './session-flow.ts';
import type { Plano } from '../assinatura/assinatura.ts';


interface Contratado {
  planoId: number | null;
  situacao: 'registrado' | 'aguardando_cobranca' | null;
}

interface Filial {
  id: number;
  nome: string;
  apelido?: string | null;
  selecionada: boolean;
}

const get = async <T,>(url: string, params?: Record<string, unknown>) => (await api.get<T>(url, { params })).data;

/** Module ids as the main menu names them (schemas/menus/main.json). */
const MODULE_TITLES: Record<string, string> = {
  vendas: 'Vendas',
  compras: 'Compras',
  estoque: 'Estoque',
  financeiro: 'Financeiro',
  nfe: 'Notas fiscais',
  nfse: 'NFS-e',
  pagamentos: 'Boletos e pagamentos',
  relatorios: 'Relatórios',
  contabil: 'Contábil',
  exportacoes: 'Exportações',
};
export const moduleTitle = (id: string) => MODULE_TITLES[id] ?? id;

/**
 * #/planos, the subscription-plan signing of SPEC 2.1: the brand's active plans (GET Planos with the brand's
 * configWhiteLabel), the one the account has, and choosing one for a branch (POST Usuarios/contratarPlano).
 */
export default function PlanosPage() {
  const navigate = useNavigate();
  const { data: brand } = useBrand();
  const brandId = brand?.id as number | undefined;
  const planos = useSWR(brandId ? ['planos', brandId] : null, () => get<Plano[]>('Planos', { filter: { where: { configWhiteLabel: brandId, ativo: true }, order: 'valor ASC' } }));
  const contratado = useSWR('planos-contratado', () => get<Contratado>('Planos/contratado'));
  const filiais = useSWR('planos-filiais', () => get<Filial[]>('Usuarios/filiais'));
  const [filialId, setFilialId] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // Choosing a plan is the subscription permission's (SPEC 6 app.assinaturas); others only see the plans.
  const canChoose = may(getUser(), 'app.assinaturas');
  const filial = filialId ?? filiais.data?.find((f) => f.selecionada)?.id ?? filiais.data?.[0]?.id ?? null;

  const contratar = async (p: Plano) => {
    if (!filial) return;
    const ok = await confirmDialog({ title: `Contratar o plano ${p.nome}?`, content: `${formatBRL(p.valor)} por mês.` });
    if (!ok) return;
    setBusy(p.id);
    try {
      const r = (await api.post<{ situacao: Contratado['situacao'] }>('Usuarios/contratarPlano', { filialId: filial, planoId: p.id })).data;
      toast('success', `Plano ${p.nome} contratado com sucesso.`, r.situacao === 'aguardando_cobranca' ? 'A cobrança será confirmada pelo sistema de cobrança da marca.' : undefined);
      await contratado.mutate();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  };

  const atual = contratado.data?.planoId ?? null;
  const loading = planos.isLoading || contratado.isLoading || filiais.isLoading;

  return (
    <div className="planos-page" style={{ maxWidth: 1100, margin: '0 auto', padding: '32px 16px' }}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
          <BrandLogo />
          <Button onClick={() => navigate(DASHBOARD)}>Ir para o sistema</Button>
        </div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Escolha o seu plano
        </Typography.Title>
        {contratado.data?.situacao === 'aguardando_cobranca' ? <Alert type="info" showIcon message="Plano escolhido: aguardando a confirmação do sistema de cobrança." /> : null}
        {filiais.data && filiais.data.length > 1 ? (
          <Space>
            <label htmlFor="planos-filial">Filial</label>
            <Select
              id="planos-filial"
              style={{ minWidth: 260 }}
              value={filial ?? undefined}
              onChange={(v: number) => setFilialId(v)}
              options={filiais.data.map((f) => ({ value: f.id, label: f.apelido ? `${f.apelido} - ${f.nome}` : f.nome }))}
            />
          </Space>
        ) : null}
        <Spin spinning={loading}>
          {planos.error ? <Alert type="error" showIcon message="Não foi possível carregar os planos." /> : null}
          {planos.data && !planos.data.length ? <Empty description="Nenhum plano disponível para esta marca." /> : null}
          <Row gutter={[16, 16]}>
            {(planos.data ?? []).map((p) => (
              <Col key={p.id} xs={24} md={12} lg={8}>
                <Card
                  data-testid={`plano-${p.idExterno}`}
                  title={p.nome}
                  extra={atual === p.id ? <Tag color="green">Plano atual</Tag> : null}
                  actions={[
                    <Button key="contratar" type="primary" disabled={atual === p.id || !filial || !canChoose} loading={busy === p.id} onClick={() => contratar(p)}>
                      {atual === p.id ? 'Contratado' : 'Contratar'}
                    </Button>,
                  ]}
                >
                  <Typography.Title level={3} style={{ marginTop: 0 }}>
                    {formatBRL(p.valor)}
                    <Typography.Text type="secondary"> /mês</Typography.Text>
                  </Typography.Title>
                  {p.descricao ? <Typography.Paragraph>{p.descricao}</Typography.Paragraph> : null}
                  <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {p.modulos
                      .filter((m) => m.visivel)
                      .map((m) => (
                        <li key={m.id}>
                          <CheckOutlined style={{ color: 'var(--ant-color-success, #52c41a)', marginRight: 8 }} />
                          {moduleTitle(m.id)}
                        </li>
                      ))}
                  </ul>
                </Card>
              </Col>
            ))}
          </Row>
        </Spin>
      </Space>
    </div>
  );
}
