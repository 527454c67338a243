import { Alert, Button, Card, Form, Input, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import type { Contador, LinhaPainel } from '../../../shared/contabil.ts';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import { maskCpfCnpj } from '../../../shared/cpf-cnpj.ts';
import { isAccountant } from '../../../shared/menu-filter.ts';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { confirmDialog, showError, toast } from '../../dialogs/dialogs.tsx';
import { useUserInfo } from '../../shell/user-info.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { FechamentoCard } from './FechamentoCard.tsx';
import { PlanoContasCard } from './PlanoContasCard.tsx';
import { trocarConta } from './trocar-conta.ts';

interface Acesso {
  id: number;
  contador: string;
  evento: string;
  detalhe: string | null;
  createdAt: string;
}

const SITUACAO: Record<Contador['situacao'], [string, string]> = { convidado: ['Convidado', 'gold'], ativo: ['Com acesso', 'green'], revogado: ['Revogado', 'default'] };
const EVENTO: Record<string, string> = { convite: 'Convite', aceite: 'Aceite do convite', login: 'Entrada no sistema', acesso: 'Acesso à conta', revogacao: 'Revogação', fechamento: 'Fechamento do mês', reabertura: 'Reabertura do mês', autxml: 'Autorização de XML (autXML)' };

/** pages/contabil/contadores (issue 37): the shop's accountants; for the accountant himself, his panel of client shops. */
export default function ContadoresPage() {
  const { data: info } = useUserInfo();
  return isAccountant(info) ? <PainelContador /> : <ContadoresDaLoja />;
}

function ContadoresDaLoja() {
  const lista = useSWR('contabil/contadores', async () => (await api.get<{ contadores: Contador[]; acessos: Acesso[] }>('contabil/contadores')).data);
  const [form] = Form.useForm();
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);

  const convidar = async (v: { email: string; nome?: string; crc: string; cpfCnpj: string; cpf?: string }) => {
    setEnviando(true);
    setErro(null);
    try {
      await api.post('contabil/contadores', v);
      toast('success', `Convite enviado para ${v.email.trim().toLowerCase()}.`);
      form.resetFields();
      await lista.mutate();
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 400) setErro(e.message);
      else showError(err);
    } finally {
      setEnviando(false);
    }
  };

  const revogar = async (c: Contador) => {
    const ok = await confirmDialog({ title: 'Revogar acesso', content: `O contador ${c.nome ?? c.email} deixará de acessar esta conta imediatamente. Deseja continuar?`, okText: 'Revogar', danger: true });
    if (!ok) return;
    try {
      await api.post(`contabil/contadores/${c.id}/revogar`);
      toast('success', 'Acesso do contador revogado.');
      await lista.mutate();
    } catch (err) {
      showError(err);
    }
  };

  const autXml = async (c: Contador, ativo: boolean) => {
    try {
      await api.post(`contabil/contadores/${c.id}/autxml`, { autXml: ativo });
      toast('success', ativo ? `O CPF/CNPJ do contador irá no autXML das próximas NF-e.` : 'O contador não irá mais no autXML das NF-e.');
      await lista.mutate();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <div>
      <PageTitle>Contadores</PageTitle>
      <Card title="Convidar contador" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          O contador recebe por e-mail um link de uso único, válido por 7 dias. Com um só login ele atende todas as lojas que o convidaram e vê apenas as exportações fiscais, as configurações fiscais e o plano de contas.
        </Typography.Paragraph>
        {erro ? <Alert data-testid="convite-erro" type="error" showIcon message={erro} style={{ marginBottom: 12 }} /> : null}
        <Form form={form} layout="inline" onFinish={convidar} requiredMark={false}>
          <Form.Item name="email" label="E-mail" rules={[{ required: true, message: 'Campo obrigatório!' }]}>
            <Input data-testid="convite-email" type="email" style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="nome" label="Nome">
            <Input data-testid="convite-nome" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="crc" label="CRC" rules={[{ required: true, message: 'Campo obrigatório!' }]}>
            <Input data-testid="convite-crc" placeholder="SP-123456/O-5" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="cpfCnpj" label="CPF/CNPJ do escritório" rules={[{ required: true, message: 'Campo obrigatório!' }]}>
            <Input data-testid="convite-cpfcnpj" style={{ width: 190 }} />
          </Form.Item>
          <Form.Item name="cpf" label="CPF do contador" tooltip="Vai no registro 0100 do SPED quando o documento acima é o CNPJ do escritório.">
            <Input data-testid="convite-cpf" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item>
            <Button data-testid="convite-enviar" type="primary" htmlType="submit" loading={enviando}>
              Convidar
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title="Contadores da conta" style={{ marginBottom: 16 }}>
        <Table<Contador>
          data-testid="contadores-tabela"
          rowKey="id"
          size="small"
          loading={lista.isLoading}
          dataSource={lista.data?.contadores ?? []}
          pagination={false}
          locale={{ emptyText: 'Nenhum contador convidado.' }}
          columns={[
            { title: 'Contador', render: (_, c) => c.nome ?? c.email },
            { title: 'E-mail', dataIndex: 'email' },
            { title: 'CRC', dataIndex: 'crc' },
            { title: 'CPF/CNPJ', dataIndex: 'cpfCnpj', render: (v: string) => maskCpfCnpj(v) },
            { title: 'CPF do contador', dataIndex: 'cpf', render: (v: string | null) => (v ? maskCpfCnpj(v) : '') },
            { title: 'Situação', render: (_, c) => <Tag color={SITUACAO[c.situacao][1]}>{SITUACAO[c.situacao][0]}</Tag> },
            {
              title: 'Desde',
              render: (_, c) => (c.situacao === 'revogado' ? `Revogado em ${formatDate(c.revogadoEm)}` : c.situacao === 'ativo' ? formatDate(c.aceitoEm) : `Convite válido até ${formatDate(c.expiraEm)}`),
            },
            {
              title: <Tooltip title="O CPF/CNPJ do escritório vai no grupo autXML de toda NF-e emitida, e o contador pode baixá-las da SEFAZ.">XML das NF-e (autXML)</Tooltip>,
              render: (_, c) => <Switch data-testid={`autxml-${c.email}`} size="small" checked={c.autXml} disabled={c.situacao !== 'ativo'} onChange={(v) => autXml(c, v)} />,
            },
            {
              title: 'Ações',
              render: (_, c) =>
                c.situacao === 'revogado' ? null : (
                  <Button size="small" danger data-testid={`revogar-${c.email}`} onClick={() => revogar(c)}>
                    Revogar acesso
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Card title="Acessos dos contadores">
        <Table<Acesso>
          data-testid="acessos-tabela"
          rowKey="id"
          size="small"
          dataSource={lista.data?.acessos ?? []}
          pagination={{ pageSize: 20 }}
          locale={{ emptyText: 'Nenhum acesso registrado.' }}
          columns={[
            { title: 'Data/hora', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            { title: 'Contador', dataIndex: 'contador' },
            { title: 'Evento', dataIndex: 'evento', render: (v: string) => EVENTO[v] ?? v },
            { title: 'Detalhe', dataIndex: 'detalhe' },
          ]}
        />
      </Card>
      <FechamentoCard contador={false} />
      <PlanoContasCard />
    </div>
  );
}


/** The accountant's panel: one row per client shop, each entering that client (switch, then the XML export). */
function PainelContador() {
  const painel = useSWR('contabil/painel', async () => (await api.get<LinhaPainel[]>('contabil/painel')).data);
  const [trocando, setTrocando] = useState<number | null>(null);
  const entrar = async (l: LinhaPainel, destino?: string) => {
    setTrocando(l.contaId);
    try {
      await trocarConta(l.contaId, destino);
    } catch (err) {
      setTrocando(null);
      showError(err);
    }
  };
  const exportacao = (e: { descricao: string; data: string } | null) => (e ? `${formatDate(e.data)} — ${e.descricao}` : 'Nenhuma');
  return (
    <div>
      <PageTitle>Lojas clientes</PageTitle>
      <Table<LinhaPainel>
        data-testid="painel-contador"
        rowKey="contaId"
        loading={painel.isLoading}
        dataSource={painel.data ?? []}
        pagination={false}
        locale={{ emptyText: 'Nenhuma loja cliente.' }}
        columns={[
          {
            title: 'Loja',
            render: (_, l) => (
              <Space direction="vertical" size={0}>
                <span>
                  {l.nome} {l.atual ? <Tag color="blue">atual</Tag> : null}
                </span>
                <Typography.Text type="secondary">{maskCpfCnpj(l.cpfCnpj)}</Typography.Text>
              </Space>
            ),
          },
          { title: 'Último mês fechado', render: (_, l) => l.ultimoFechamento ?? 'Nenhum' },
          { title: 'Último XML exportado', render: (_, l) => exportacao(l.ultimoXml) },
          { title: 'Último SPED/Sintegra', render: (_, l) => exportacao(l.ultimoSped) },
          {
            title: 'Certificado digital',
            render: (_, l) => {
              if (!l.certificadoValidade) return <Tag>Sem certificado</Tag>;
              const vencido = new Date(l.certificadoValidade).getTime() < Date.now();
              return <Tag color={vencido ? 'red' : 'green'}>{`${vencido ? 'Vencido em' : 'Válido até'} ${formatDate(l.certificadoValidade)}`}</Tag>;
            },
          },
          {
            title: 'Documentos pendentes',
            render: (_, l) =>
              l.notasRejeitadas + l.notasContingencia + l.extratoPendente === 0 ? (
                'Nenhum'
              ) : (
                <Button type="link" size="small" onClick={() => entrar(l)}>{`${l.notasRejeitadas} rejeitada(s), ${l.notasContingencia} em contingência, ${l.extratoPendente} linha(s) de extrato a conciliar`}</Button>
              ),
          },
          {
            title: 'Ações',
            render: (_, l) => (
              <Button data-testid={`entrar-${l.contaId}`} type={l.atual ? 'default' : 'primary'} size="small" loading={trocando === l.contaId} onClick={() => entrar(l)}>
                {l.atual ? 'Abrir' : 'Entrar nesta loja'}
              </Button>
            ),
          },
        ]}
      />
      <FechamentoCard contador />
      <PlanoContasCard />
    </div>
  );
}
