import { Alert, Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { FINALIDADE_SINTEGRA, FINALIDADE_SPED, PERFIL_SPED } from '../../../../generated/lookups.ts';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { useUserInfo } from '../../shell/user-info.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { ListaProblemas, type Problema } from './Pendencias.tsx';

type Tipo = 'sped' | 'sintegra';
interface Resultado {
  nome: string;
  linhas: number;
  valido: boolean;
  problemas: Problema[];
  codVer?: string;
}

const TITULO: Record<Tipo, string> = { sped: 'Gerar arquivo SPED', sintegra: 'Gerar arquivo Sintegra' };

/**
 * Gerar arquivo SPED (EFD ICMS/IPI) and Gerar arquivo Sintegra (issue 36 items 2 to 4): the branch's month is
 * generated and checked by the server's validator; the problems are listed, each with a link to where it is fixed,
 * and the file is offered only when there are none.
 */
export default function ArquivoFiscalPage({ tipo }: { tipo: Tipo }) {
  const info = useUserInfo();
  const [mes, setMes] = useState<Dayjs>(() => dayjs().startOf('month'));
  const [finalidade, setFinalidade] = useState<number>(tipo === 'sped' ? 0 : 1);
  const [perfil, setPerfil] = useState<string>('A');
  const [inventario, setInventario] = useState<Dayjs | null>(null);
  const [contabilista, setContabilista] = useState({ nome: '', cpf: '', crc: '', email: '', fone: '' });
  const [codigoReceita, setCodigoReceita] = useState('');
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  // The accountant registered in Contábil fills record 0100 on the server; what is typed here overrides it.
  const registrado = useSWR(tipo === 'sped' ? 'exportacoes-contador' : null, async () => (await api.get<{ nome?: string | null; email?: string; crc?: string; cpfCnpj?: string }>('Exportacoes/contador')).data);
  const cadastro = registrado.data?.email ? registrado.data : undefined;
  const usuario = (cadastro ?? info.data) as { nome?: string | null; email?: string } | undefined;
  const corpo = () => ({
    mes: mes.format('YYYY-MM'),
    finalidade,
    perfil,
    inventario: inventario ? inventario.format('YYYY-MM-DD') : null,
    contabilista: cadastro ? contabilista : { ...contabilista, nome: contabilista.nome || usuario?.nome || '', email: contabilista.email || usuario?.email || '' },
    codigoReceita,
  });

  const validar = async () => {
    setErro(null);
    setResultado(null);
    setOcupado(true);
    try {
      setResultado((await api.post<Resultado>(`Exportacoes/${tipo}/validar`, corpo())).data);
    } catch (e) {
      setErro(toApiError(e).message);
    } finally {
      setOcupado(false);
    }
  };

  const baixar = async () => {
    setOcupado(true);
    try {
      const blob = (await api.post<Blob>(`Exportacoes/${tipo}/arquivo`, corpo(), { responseType: 'blob' })).data;
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = resultado?.nome ?? `${tipo}.txt`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (e) {
      setErro(toApiError(e).message);
    } finally {
      setOcupado(false);
    }
  };

  const campo = (k: keyof typeof contabilista, rotulo: string, max: number) => (
    <Form.Item label={rotulo} style={{ marginBottom: 8 }}>
      <Input data-testid={`contabilista-${k}`} maxLength={max} value={contabilista[k]} placeholder={k === 'nome' ? usuario?.nome ?? undefined : k === 'email' ? usuario?.email : k === 'crc' ? cadastro?.crc : k === 'cpf' && cadastro?.cpfCnpj?.length === 11 ? cadastro.cpfCnpj : undefined} onChange={(e) => setContabilista((c) => ({ ...c, [k]: e.target.value }))} />
    </Form.Item>
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <PageTitle>{TITULO[tipo]}</PageTitle>
      <Card>
        <Form layout="vertical">
          <Space wrap align="start">
            <Form.Item label="Mês de referência" style={{ marginBottom: 8 }}>
              <DatePicker data-testid="fiscal-mes" picker="month" format="MM/YYYY" allowClear={false} value={mes} onChange={(v) => v && (setMes(v), setResultado(null))} />
            </Form.Item>
            <Form.Item label="Finalidade" style={{ marginBottom: 8 }}>
              <Select style={{ width: 260 }} value={finalidade} onChange={(v) => (setFinalidade(v), setResultado(null))} options={(tipo === 'sped' ? FINALIDADE_SPED : FINALIDADE_SINTEGRA).map((f) => ({ value: f.value as number, label: f.label }))} />
            </Form.Item>
            {tipo === 'sped' && (
              <Form.Item label="Perfil" style={{ marginBottom: 8 }}>
                <Select style={{ width: 120 }} value={perfil} onChange={(v) => (setPerfil(v), setResultado(null))} options={PERFIL_SPED.map((f) => ({ value: f.value as string, label: f.label }))} />
              </Form.Item>
            )}
            <Form.Item label="Inventário em (opcional)" style={{ marginBottom: 8 }}>
              <DatePicker data-testid="fiscal-inventario" format="DD/MM/YYYY" value={inventario} onChange={(v) => (setInventario(v), setResultado(null))} />
            </Form.Item>
            {tipo === 'sped' && (
              <Form.Item label="Código de receita do ICMS (E116)" style={{ marginBottom: 8 }}>
                <Input data-testid="fiscal-codigo-receita" style={{ width: 160 }} value={codigoReceita} onChange={(e) => setCodigoReceita(e.target.value)} />
              </Form.Item>
            )}
          </Space>
          {tipo === 'sped' && (
            <Card size="small" title={cadastro ? 'Contabilista (registro 0100): o contador cadastrado em Contábil; digite só o que quiser substituir' : 'Contabilista (registro 0100)'} style={{ marginBottom: 8 }}>
              <Space wrap align="start">
                {campo('nome', 'Nome', 100)}
                {campo('cpf', 'CPF', 14)}
                {campo('crc', 'CRC', 15)}
                {campo('email', 'E-mail', 120)}
                {campo('fone', 'Telefone', 15)}
              </Space>
            </Card>
          )}
          <Space>
            <Button type="primary" data-testid="fiscal-validar" loading={ocupado && !resultado} onClick={() => void validar()}>
              Gerar e validar
            </Button>
            <Button data-testid="fiscal-baixar" disabled={!resultado?.valido} loading={ocupado && !!resultado} onClick={() => void baixar()}>
              Baixar arquivo
            </Button>
          </Space>
        </Form>
      </Card>
      {erro && <Alert type="error" showIcon title={erro} data-testid="fiscal-erro" />}
      {resultado?.valido && (
        <Alert
          type="success"
          showIcon
          data-testid="fiscal-valido"
          title={`Arquivo válido: ${resultado.linhas} linhas${resultado.codVer ? `, leiaute ${resultado.codVer}` : ''}. Clique em "Baixar arquivo".`}
        />
      )}
      {resultado && !resultado.valido && (
        <ListaProblemas titulo={`O arquivo tem ${resultado.problemas.length} problema(s): corrija-os antes de gerar o arquivo.`} tipo="error" itens={resultado.problemas} testId="fiscal-problemas" />
      )}
    </Space>
  );
}
