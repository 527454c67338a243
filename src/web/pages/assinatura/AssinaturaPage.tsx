import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { MENSAGENS_PLANO, somenteLeitura } from '../../../shared/assinatura.ts';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { getUser, may } from '../../api/session.ts';
import { confirmDialog, showError, toast } from '../../dialogs/dialogs.tsx';
import { USER_INFO_KEY } from '../../shell/user-info.ts';
import { ASSINATURA_KEY, useAssinatura, type ModuloConta, type Plano } from '../../assinatura/assinatura.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';

const ESTADOS = {
  trial: { cor: 'blue', texto: 'Período de teste' },
  trialExpirado: { cor: 'red', texto: 'Teste expirado' },
  inadimplente: { cor: 'orange', texto: 'Pagamento em aberto' },
  ativo: { cor: 'green', texto: 'Ativa' },
} as const;

interface Filial {
  id: number;
  selecionada: boolean;
}

/**
 * pages/assinatura: the account's subscription (SPEC 4, 7.1): its state, paying a plan (efetivarPlano, or
 * migrarPlano once one is paid), the payment method (alterarPagamentoParaCartao) and the additional modules
 * (Assinatura > Módulos adicionais). Everything here works while the account is blocked: it is the way to pay.
 */
export default function AssinaturaPage() {
  const { mutate } = useSWRConfig();
  const assinatura = useAssinatura();
  const data = assinatura.data;
  const planos = useSWR('assinatura-planos', async () => (await api.get<Plano[]>('Planos', { params: { filter: { where: { ativo: true }, order: 'valor ASC' } } })).data);
  const filiais = useSWR('assinatura-filiais', async () => (await api.get<Filial[]>('Usuarios/filiais')).data);
  const [busy, setBusy] = useState<string | null>(null);
  const [cartaoForm] = Form.useForm();
  const [cartaoErros, setCartaoErros] = useState<Record<string, string>>({});
  const pode = may(getUser(), 'app.assinaturas');

  const refresh = async () => {
    await Promise.all([assinatura.mutate(), mutate(USER_INFO_KEY), mutate(ASSINATURA_KEY)]);
  };

  const run = async (key: string, fn: () => Promise<void>) => {
    setBusy(key);
    try {
      await fn();
      await refresh();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  };

  const assinar = (p: Plano) =>
    run(`plano-${p.id}`, async () => {
      const lista = filiais.data ?? (await filiais.mutate()) ?? [];
      const filialId = lista.find((f) => f.selecionada)?.id ?? lista[0]?.id;
      const pago = data && data.planoId && data.estado !== 'trial' && data.estado !== 'trialExpirado';
      if (!(await confirmDialog({ title: `Assinar o plano ${p.nome}?`, content: `${formatBRL(p.valor)} por mês, cobrados agora.` }))) return;
      const r = (await api.post<{ cobranca?: string; situacao: string }>(pago ? 'Usuarios/migrarPlano' : 'Usuarios/efetivarPlano', { filialId, planoId: p.id })).data;
      toast('success', r.cobranca === 'paga' ? `Plano ${p.nome} assinado. Pagamento confirmado.` : `Plano ${p.nome} escolhido: aguardando a confirmação do sistema de cobrança.`);
    });

  const contratarModulo = (m: ModuloConta) =>
    run(`modulo-${m.id}`, async () => {
      if (!(await confirmDialog({ title: `Contratar o módulo ${m.titulo}?`, content: `${m.valorAdicionalFormatado} por mês.` }))) return;
      await api.post('Usuarios/contratarModulo', { modulo: m.id });
      toast('success', `Módulo ${m.titulo} contratado.`);
    });

  const salvarCartao = (values: Record<string, string>) =>
    run('cartao', async () => {
      setCartaoErros({});
      try {
        const r = (await api.post<{ cartaoFinal: string; bandeira: string }>('Usuarios/alterarPagamentoParaCartao', values)).data;
        cartaoForm.resetFields();
        toast('success', `Pagamento alterado para o cartão ${r.bandeira} final ${r.cartaoFinal}.`);
      } catch (err) {
        const details = (err as { response?: { data?: { error?: { details?: { campo: string; mensagem: string }[] } } } }).response?.data?.error?.details;
        if (Array.isArray(details) && details.length) setCartaoErros(Object.fromEntries(details.map((d) => [d.campo, d.mensagem])));
        throw err;
      }
    });

  const adicionais = (data?.modulos ?? []).filter((m) => m.valorAdicional || m.adicional);
  const estado = data ? ESTADOS[data.estado] : null;
  const field = (name: string, label: string, input: React.ReactNode) => (
    <Form.Item name={name} label={label} validateStatus={cartaoErros[name] ? 'error' : undefined} help={cartaoErros[name]}>
      {input}
    </Form.Item>
  );

  return (
    <div className="assinatura-page">
      <PageTitle>Assinatura</PageTitle>
      <Spin spinning={assinatura.isLoading}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {data && somenteLeitura(data.estado) ? (
            <Alert type="error" showIcon message={data.estado === 'trialExpirado' ? MENSAGENS_PLANO.trialExpirado : MENSAGENS_PLANO.inadimplente} />
          ) : null}
          {!pode ? <Alert type="info" showIcon message="Somente quem tem a permissão de assinaturas pode contratar planos e módulos." /> : null}
          <Card title="Situação">
            <Descriptions column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label="Situação">{estado ? <Tag color={estado.cor} data-testid="assinatura-estado">{estado.texto}</Tag> : null}</Descriptions.Item>
              <Descriptions.Item label="Plano">{data?.planoNome ?? 'Nenhum'}</Descriptions.Item>
              <Descriptions.Item label="Vencimento">{data?.dataVencimento ? formatDate(data.dataVencimento) : '-'}</Descriptions.Item>
              <Descriptions.Item label="Forma de pagamento">{data?.meioPagamento === 'cartao' ? `Cartão final ${data.cartaoFinal}` : 'Boleto'}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title="Planos">
            {planos.error ? <Alert type="error" showIcon message="Não foi possível carregar os planos." /> : null}
            <Row gutter={[16, 16]}>
              {(planos.data ?? []).map((p) => (
                <Col key={p.id} xs={24} md={12} lg={8}>
                  <Card size="small" title={p.nome} extra={data?.planoId === p.id ? <Tag color="green">Atual</Tag> : null}>
                    <Typography.Paragraph>{p.descricao}</Typography.Paragraph>
                    <Typography.Title level={4}>{formatBRL(p.valor)} / mês</Typography.Title>
                    <Button type="primary" disabled={!pode} loading={busy === `plano-${p.id}`} onClick={() => assinar(p)}>
                      Assinar {p.nome}
                    </Button>
                  </Card>
                </Col>
              ))}
            </Row>
          </Card>
          <Card title="Módulos adicionais">
            <Table
              rowKey="id"
              pagination={false}
              dataSource={adicionais}
              locale={{ emptyText: 'Nenhum módulo adicional disponível.' }}
              columns={[
                { title: 'Módulo', dataIndex: 'titulo' },
                { title: 'Valor mensal', dataIndex: 'valorAdicionalFormatado' },
                {
                  title: 'Situação',
                  render: (_: unknown, m: ModuloConta) => (m.adicional ? <Tag color="green">Contratado</Tag> : m.ativo ? <Tag color="blue">Disponível</Tag> : <Tag>Não contratado</Tag>),
                },
                {
                  title: 'Ações',
                  render: (_: unknown, m: ModuloConta) =>
                    m.adicional || m.motivo === 'marca' ? null : (
                      <Button size="small" disabled={!pode} loading={busy === `modulo-${m.id}`} onClick={() => contratarModulo(m)}>
                        Contratar
                      </Button>
                    ),
                },
              ]}
            />
          </Card>
          <Card title="Pagar com cartão de crédito">
            <Form form={cartaoForm} layout="vertical" onFinish={salvarCartao} disabled={!pode} style={{ maxWidth: 480 }}>
              {field('numero', 'Número do cartão', <Input inputMode="numeric" autoComplete="cc-number" maxLength={23} />)}
              {field('nome', 'Nome impresso no cartão', <Input autoComplete="cc-name" maxLength={60} />)}
              <Space>
                {field('validade', 'Validade (MM/AA)', <Input autoComplete="cc-exp" maxLength={5} placeholder="MM/AA" />)}
                {field('cvv', 'Código de segurança', <Input autoComplete="cc-csc" maxLength={4} inputMode="numeric" />)}
              </Space>
              <Button type="primary" htmlType="submit" loading={busy === 'cartao'}>
                Usar este cartão
              </Button>
            </Form>
          </Card>
        </Space>
      </Spin>
    </div>
  );
}
