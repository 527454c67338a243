import { Alert, Button, Card, Descriptions, Input, InputNumber, Select, Space, Spin, Steps, Typography, Upload } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { useEnvio } from '../../api/envio.ts';
import { toApiError } from '../../api/errors.ts';
import { toast } from '../../dialogs/dialogs.tsx';
import { useLookups } from '../../renderer/use-lookups.ts';
import { lookupItems } from '../../catalog/registry.ts';
import { RejeicaoSefaz, type Rejeicao } from './RejeicaoSefaz.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface Nota {
  id: number;
  numero: number | null;
  serie: number | null;
  status: string;
  chave: string | null;
  protocolo: string | null;
  destinatarioNome: string | null;
  rejeicao: Rejeicao | null;
}
interface Situacao {
  empresa: { id: number; nome: string; apelido: string | null; cnpj: string; inscricaoEstadual: string | null; uf: string | null; regimeTributario: number | null; enderecoCompleto: boolean };
  certificado: { titular: string; cnpj: string | null; validoAte: string; diasParaVencer: number; vencido: boolean } | null;
  configuracao: { serieNfe: number; serieNfce: number; proximoNumeroNfe: number; proximoNumeroNfce: number; ambiente: 1 | 2; cscId: string | null; cscTokenDefinido: boolean };
  notaTeste: Nota | null;
  sugestao: { cliente: { id: number; nome: string } | null; produto: { id: number; descricao: string; preco: string } | null };
  passos: { regime: boolean; certificado: boolean; series: boolean; csc: boolean; notaTeste: boolean };
}

const PASSOS = ['regime', 'certificado', 'series', 'csc', 'notaTeste'] as const;
const data = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
const cnpj = (c: string | null) => (c ? c.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5') : '—');

/**
 * pages/fiscais/assistente ("Assistente fiscal" of the settings' Fiscal menu): regime of the branch, certificate,
 * series and next numbers, CSC, and a first test note in homologação. Each step saves through the screens' own
 * APIs; reopening it shows what is already configured and starts at the first step still to do.
 */
export default function AssistenteFiscalPage() {
  const [s, setS] = useState<Situacao | null>(null);
  const [atual, setAtual] = useState(0);
  const { erro, setErro, enviando: ocupado, enviar } = useEnvio();
  const prontos = useLookups(['regimeTributario']);

  const carregar = async (avancar: boolean) => {
    try {
      const r = (await api.get<Situacao>('AssistenteFiscal')).data;
      setS(r);
      if (avancar) {
        const falta = PASSOS.findIndex((p) => !r.passos[p]);
        setAtual(falta < 0 ? PASSOS.length - 1 : falta);
      }
    } catch (e) {
      setErro(toApiError(e).message);
    }
  };
  useEffect(() => {
    void carregar(true);
  }, []);

  /** Runs a step's save; on success reloads the situation and moves to the next step. */
  const salvar = (fn: () => Promise<unknown>, ok: string) =>
    enviar(async () => {
      await fn();
      toast('success', ok);
      await carregar(false);
      setAtual((a) => Math.min(a + 1, PASSOS.length - 1));
    });

  if (!s || !prontos) return erro ? <Alert type="error" showIcon title={erro} /> : <Spin />;
  const titulos = ['Regime tributário', 'Certificado digital', 'Séries e numeração', 'CSC da NFC-e', 'Nota de teste'];
  const passo = PASSOS[atual];
  return (
    <div>
      <PageTitle>Assistente fiscal</PageTitle>
      <Typography.Paragraph type="secondary">
        Filial {s.empresa.apelido ?? s.empresa.nome} (CNPJ {cnpj(s.empresa.cnpj)}): siga os passos para emitir a primeira nota. O que já está configurado aparece marcado; cada passo salva na hora.
      </Typography.Paragraph>
      <Steps
        current={atual}
        onChange={(k) => {
          setErro(null);
          setAtual(k);
        }}
        items={PASSOS.map((p, k) => ({ title: titulos[k], status: s.passos[p] ? 'finish' : k === atual ? 'process' : 'wait', description: s.passos[p] ? 'Configurado' : undefined }))}
        style={{ marginBottom: 16 }}
      />
      <Card size="small" title={titulos[atual]} data-testid={`passo-${passo}`}>
        {passo === 'regime' && <PassoRegime s={s} ocupado={ocupado} salvar={salvar} />}
        {passo === 'certificado' && <PassoCertificado s={s} ocupado={ocupado} salvar={salvar} />}
        {passo === 'series' && <PassoSeries s={s} ocupado={ocupado} salvar={salvar} />}
        {passo === 'csc' && <PassoCsc s={s} ocupado={ocupado} salvar={salvar} />}
        {passo === 'notaTeste' && <PassoNotaTeste s={s} recarregar={() => carregar(false)} setErro={setErro} />}
        {erro ? <Alert data-testid="erro-assistente" type="error" showIcon title={erro} style={{ marginTop: 12 }} /> : null}
      </Card>
    </div>
  );
}

interface PassoProps {
  s: Situacao;
  ocupado: boolean;
  salvar: (fn: () => Promise<unknown>, ok: string) => Promise<void>;
}

const Campo = ({ rotulo, children }: { rotulo: string; children: ReactNode }) => (
  <div style={{ marginBottom: 8 }}>
    <div>{rotulo}</div>
    {children}
  </div>
);

function PassoRegime({ s, ocupado, salvar }: PassoProps) {
  const [regime, setRegime] = useState<number | null>(s.empresa.regimeTributario);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Razão social">{s.empresa.nome}</Descriptions.Item>
        <Descriptions.Item label="Inscrição estadual">{s.empresa.inscricaoEstadual ?? 'não informada'}</Descriptions.Item>
        <Descriptions.Item label="Endereço">{s.empresa.enderecoCompleto ? `Completo (${s.empresa.uf})` : 'Incompleto'}</Descriptions.Item>
      </Descriptions>
      {!s.empresa.inscricaoEstadual || !s.empresa.enderecoCompleto ? (
        <Alert
          type="warning"
          showIcon
          title={
            <span>
              Complete a inscrição estadual e o endereço da filial em <Link to={`/pages/configuracoes/empresas/editar/${s.empresa.id}`}>Configurações &gt; Empresas</Link>: a nota leva esses dados do emitente.
            </span>
          }
        />
      ) : null}
      <Campo rotulo="Regime tributário">
        <Select aria-label="Regime tributário" style={{ width: 360 }} value={regime ?? undefined} onChange={setRegime} options={(lookupItems('regimeTributario') ?? []).map((i) => ({ value: Number(i.value), label: i.label }))} />
      </Campo>
      <Button type="primary" loading={ocupado} disabled={regime == null} onClick={() => salvar(() => api.patch(`Empresas/${s.empresa.id}`, { regimeTributario: regime }), 'Regime tributário salvo.')}>
        Salvar e continuar
      </Button>
    </Space>
  );
}

function PassoCertificado({ s, ocupado, salvar }: PassoProps) {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const c = s.certificado;
  const enviar = async () => {
    if (!arquivo) throw new Error('Escolha o arquivo do certificado (.pfx ou .p12).');
    const base64 = btoa(String.fromCharCode(...new Uint8Array(await arquivo.arrayBuffer())));
    await api.post('CertificadosDigitais', { arquivo: base64, senha });
    setArquivo(null);
    setSenha('');
  };
  return (
    <Space direction="vertical">
      {c ? (
        <Alert
          data-testid="certificado-atual"
          type={c.vencido ? 'error' : c.diasParaVencer <= 30 ? 'warning' : 'success'}
          showIcon
          title={`Certificado em uso: ${c.titular} (CNPJ ${cnpj(c.cnpj)}), válido até ${data(c.validoAte)}${c.vencido ? ' — vencido' : ''}.`}
        />
      ) : (
        <Alert type="info" showIcon title="A filial ainda não tem certificado digital: envie o arquivo A1 (.pfx) e a senha." />
      )}
      <Upload accept=".pfx,.p12" maxCount={1} beforeUpload={(f) => (setArquivo(f), false)} onRemove={() => setArquivo(null)} fileList={arquivo ? [{ uid: '1', name: arquivo.name, status: 'done' }] : []}>
        <Button>Escolher arquivo (.pfx)</Button>
      </Upload>
      <Input.Password aria-label="Senha do certificado" placeholder="Senha do certificado" value={senha} onChange={(e) => setSenha(e.target.value)} style={{ width: 280 }} />
      <Space>
        <Button type="primary" loading={ocupado} onClick={() => salvar(enviar, 'Certificado digital salvo.')}>
          {c ? 'Trocar o certificado' : 'Salvar certificado'}
        </Button>
        {c && !c.vencido ? <Button onClick={() => salvar(async () => undefined, 'Certificado mantido.')}>Manter o atual e continuar</Button> : null}
      </Space>
    </Space>
  );
}

function PassoSeries({ s, ocupado, salvar }: PassoProps) {
  const c = s.configuracao;
  const [v, setV] = useState({ serieNfe: c.serieNfe, proximoNumeroNfe: c.proximoNumeroNfe, serieNfce: c.serieNfce, proximoNumeroNfce: c.proximoNumeroNfce });
  const num = (campo: keyof typeof v, rotulo: string, min: number, max?: number) => (
    <Campo rotulo={rotulo}>
      <InputNumber aria-label={rotulo} min={min} max={max} value={v[campo]} onChange={(n) => setV({ ...v, [campo]: n ?? min })} />
    </Campo>
  );
  return (
    <Space direction="vertical">
      <Space size="large" wrap>
        {num('serieNfe', 'Série da NF-e', 0, 999)}
        {num('proximoNumeroNfe', 'Próximo número da NF-e', 1)}
        {num('serieNfce', 'Série da NFC-e', 0, 999)}
        {num('proximoNumeroNfce', 'Próximo número da NFC-e', 1)}
      </Space>
      <Typography.Text type="secondary">Se a empresa já emitia notas em outro sistema, continue a numeração de lá: o próximo número só avança.</Typography.Text>
      <Button type="primary" loading={ocupado} onClick={() => salvar(() => api.put('ConfiguracoesNfe', v), 'Séries e numeração salvas.')}>
        Salvar e continuar
      </Button>
    </Space>
  );
}

function PassoCsc({ s, ocupado, salvar }: PassoProps) {
  const [cscId, setCscId] = useState(s.configuracao.cscId ?? '');
  const [token, setToken] = useState('');
  return (
    <Space direction="vertical">
      <Typography.Text type="secondary">O CSC (código de segurança do contribuinte) é gerado no portal da SEFAZ da sua UF e assina o QR Code da NFC-e.</Typography.Text>
      <Space size="large" wrap>
        <Campo rotulo="ID do CSC">
          <Input aria-label="ID do CSC" value={cscId} onChange={(e) => setCscId(e.target.value)} style={{ width: 160 }} />
        </Campo>
        <Campo rotulo={`CSC (token)${s.configuracao.cscTokenDefinido ? ' — já informado' : ''}`}>
          <Input.Password aria-label="CSC" value={token} placeholder={s.configuracao.cscTokenDefinido ? 'deixe vazio para manter' : ''} onChange={(e) => setToken(e.target.value)} style={{ width: 320 }} />
        </Campo>
      </Space>
      <Button type="primary" loading={ocupado} onClick={() => salvar(() => api.put('ConfiguracoesNfe', { cscId: cscId || null, ...(token ? { cscToken: token } : {}) }), 'CSC salvo.')}>
        Salvar e continuar
      </Button>
    </Space>
  );
}

function PassoNotaTeste({ s, recarregar, setErro }: { s: Situacao; recarregar: () => Promise<void>; setErro: (e: string | null) => void }) {
  const [enviando, setEnviando] = useState(false);
  const [rejeicao, setRejeicao] = useState<Rejeicao | null>(s.notaTeste?.status === 'rejeitada' ? s.notaTeste.rejeicao : null);
  const nota = s.notaTeste;
  const emitir = async () => {
    setErro(null);
    setRejeicao(null);
    setEnviando(true);
    try {
      const r = (await api.post<{ autorizada: boolean; rejeicao?: Rejeicao }>('AssistenteFiscal/notaTeste', {})).data;
      if (r.autorizada) toast('success', 'Nota de teste autorizada.');
      else setRejeicao(r.rejeicao ?? null);
      await recarregar();
    } catch (e) {
      setErro(toApiError(e).message);
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {s.configuracao.ambiente !== 2 ? <Alert type="warning" showIcon title="O ambiente está em produção: a nota de teste só é emitida em homologação (Configurações de NF-e > Ambiente)." /> : null}
      <Typography.Text>
        Uma NF-e de um item, em homologação (sem valor fiscal), para {s.sugestao.cliente?.nome ?? '— cadastre um cliente com endereço —'} com {s.sugestao.produto?.descricao ?? '— cadastre um produto com NCM —'}. Não movimenta estoque
        nem financeiro.
      </Typography.Text>
      {nota?.status === 'autorizada' ? (
        <Alert
          data-testid="nota-teste-autorizada"
          type="success"
          showIcon
          title={`Nota de teste autorizada: NF-e ${nota.numero}, série ${nota.serie}.`}
          description={
            <span>
              Chave {nota.chave}, protocolo {nota.protocolo}. A filial está pronta para emitir. Veja em <Link to="/pages/nfe/notas-processadas">Notas processadas</Link>.
            </span>
          }
        />
      ) : null}
      {rejeicao ? (
        <RejeicaoSefaz rejeicao={rejeicao} testId="nota-teste-rejeitada" />
      ) : null}
      <Button type="primary" loading={enviando} disabled={s.configuracao.ambiente !== 2} onClick={emitir}>
        {nota?.status === 'autorizada' ? 'Emitir outra nota de teste' : 'Emitir nota de teste'}
      </Button>
    </Space>
  );
}
