import { Alert, Button, Card, DatePicker, Descriptions, Input, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { mutate } from 'swr';
import { parseBRL } from '../../../../shared/money.ts';
import { api } from '../../../api/client.ts';
import { fieldMessages, toApiError } from '../../../api/errors.ts';
import { useList } from '../../../api/hooks.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { SchemaForm } from '../../../renderer/SchemaForm.tsx';
import { resourceByName } from '../../../catalog/registry.ts';
import { USER_INFO_KEY, useUserInfo } from '../../../shell/user-info.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';

type Data = Record<string, unknown>;

interface Simulacao {
  codigoBarras: string;
  linhaDigitavel: string;
  nossoNumero: string;
  nossoNumeroDv: string | null;
  nossoNumeroFormatado?: string;
}

const DOC = resourceByName('configuracaoBoleto')!;
const FILTRO = { limit: 1 };

/**
 * pages/configuracoes/gateway-boleto (SPEC 2.7 'Pagamento'): the boleto configuration of the selected branch,
 * one per branch (the API keeps it on the branch the user has selected), in the form of its resource
 * document, and "Simular boleto" to compare a first boleto with the bank's before going live.
 */
export default function GatewayBoletoPage() {
  const { data: info } = useUserInfo();
  const filial = info?.filialSelecionadaObj;
  const lista = useList<Data>(DOC.endpoint, FILTRO, { revalidateOnFocus: false, revalidateOnMount: true, keepPreviousData: false });
  const atual = lista.data?.[0];
  const [dados, setDados] = useState<Data>({});
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const [valor, setValor] = useState('10,00');
  const [vencimento, setVencimento] = useState<Dayjs | null>(() => dayjs().add(30, 'day'));
  const [simulando, setSimulando] = useState(false);
  const [simulacao, setSimulacao] = useState<Simulacao | null>(null);
  const [erroSimulacao, setErroSimulacao] = useState<string | null>(null);

  const salvar = useCallback(
    async (payload: Data) => {
      setSaving(true);
      setServerErrors(undefined);
      try {
        if (atual?.id) await api.put(`${DOC.endpoint}/${atual.id}`, payload);
        else await api.post(DOC.endpoint, payload);
        toast('success', 'Configuração de boleto salva com sucesso.');
        await lista.mutate();
        // the shell shows the boleto menus once the branch has an active configuration
        await mutate(USER_INFO_KEY);
      } catch (err) {
        setServerErrors(fieldMessages(toApiError(err)));
        showError(err);
      } finally {
        setSaving(false);
      }
    },
    [atual, lista],
  );

  const simular = useCallback(async () => {
    setSimulando(true);
    setSimulacao(null);
    setErroSimulacao(null);
    try {
      const v = parseBRL(valor);
      if (v === null) throw new Error('Informe o valor do boleto, por exemplo 10,00.');
      const corpo = {
        banco: dados.banco, agencia: dados.agencia, conta: dados.conta, carteira: dados.carteira, convenio: dados.convenio,
        nossoNumero: dados.proximoNossoNumero, valor: v, vencimento: vencimento ? vencimento.format('YYYY-MM-DD') : null,
      };
      setSimulacao((await api.post<Simulacao>('Boletos/simular', corpo)).data);
    } catch (err) {
      setErroSimulacao(toApiError(err).message);
    } finally {
      setSimulando(false);
    }
  }, [dados, valor, vencimento]);

  const inicial = useMemo(() => atual ?? {}, [atual]);
  return (
    <div>
      <PageTitle>Gateway de boleto</PageTitle>
      <Typography.Paragraph type="secondary">
        Conta bancária dos boletos da {filialNoTexto(filial?.apelido ?? filial?.nome)}. Sem uma configuração ativa, os menus de boletos ficam ocultos.
      </Typography.Paragraph>
      {lista.error ? (
        <Typography.Text type="danger">{toApiError(lista.error).message}</Typography.Text>
      ) : !lista.data ? (
        <Spin />
      ) : (
        <SchemaForm key={`${filial?.id ?? ''}-${atual?.id ?? 'nova'}`} doc={DOC} initialData={inicial} serverErrors={serverErrors} saving={saving} onSubmit={salvar} onDataChange={setDados} />
      )}
      <Card title="Simular boleto" size="small" style={{ marginTop: 16 }}>
        <Space wrap>
          <span>Valor (R$)</span>
          <Input aria-label="Valor do boleto simulado" value={valor} onChange={(e) => setValor(e.target.value)} style={{ width: 140 }} />
          <span>Vencimento</span>
          <DatePicker aria-label="Vencimento do boleto simulado" value={vencimento} onChange={setVencimento} format="DD/MM/YYYY" />
          <Button onClick={simular} loading={simulando}>
            Simular boleto
          </Button>
        </Space>
        {erroSimulacao ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={erroSimulacao} /> : null}
        {simulacao ? (
          <Descriptions style={{ marginTop: 12 }} column={1} size="small" bordered>
            <Descriptions.Item label="Linha digitável">
              <Typography.Text copyable data-testid="linha-digitavel">
                {simulacao.linhaDigitavel}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Código de barras">
              <Typography.Text copyable data-testid="codigo-barras">
                {simulacao.codigoBarras}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Nosso número">{simulacao.nossoNumeroFormatado ?? simulacao.nossoNumero}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
    </div>
  );
}

/** 'filial Matriz', but 'Filial Centro' as it is: a nickname that already says filial is not repeated. */
export function filialNoTexto(nome: string | null | undefined): string {
  const n = (nome ?? '').trim();
  return /^filial\b/i.test(n) ? n : `filial ${n}`.trim();
}
